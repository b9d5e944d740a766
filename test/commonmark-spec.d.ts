// The CommonMark spec's examples (commonmark-spec, a devDependency of the raw-HTML fuzz test).
declare module 'commonmark-spec' {
  const spec: { text: string; tests: { markdown: string; html: string; section: string; number: number }[] };
  export default spec;
}
