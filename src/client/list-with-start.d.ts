/** The editor's field type for a list that starts from another value, registered under `name`. */
export function listWithStart(CMS: { registerFieldType(name: string, control: unknown): void; getFieldType(name: string): { control?: unknown } | undefined }, name: string): void;
