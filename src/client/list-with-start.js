// The editor's field type for a list that starts from another value: plain JavaScript, run as it is in the editor's page.
/**
 * Registers the field type under `name` (configured by src/admin/list-with-start.ts); `window.h` and `window.createClass` are
 * React's, as Sveltia exposes them.
 * @param {{ registerFieldType(name: string, control: unknown): void, getFieldType(name: string): { control?: unknown } | undefined }} CMS
 * @param {string} name
 */
export function listWithStart(CMS, name) {
  const w = /** @type {any} */ (window);
  const h = w.h;
  const plain = (value) => (value && typeof value.toJS === 'function' ? value.toJS() : value);
  const empty = (value) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  /** A select's options as { label, value } (the editor takes plain values too). */
  const choices = (field) => field.options.map((option) => (typeof option === 'object' ? option : { label: String(option), value: option }));
  /** A row with its values in the fields' order (the file reads as the form does). */
  const ordered = (fields, row) => Object.fromEntries(fields.filter((f) => row[f.name] !== undefined).map((f) => [f.name, row[f.name]]));
  /** What is wrong with one value, in the words the field's own settings give. */
  const problem = (field, value) => {
    if (empty(value)) return field.required === false ? undefined : 'This field is required.';
    // A setting the field does not have is undefined, and no comparison with undefined holds.
    if (Array.isArray(value)) return value.length < field.min ? `Choose at least ${field.min}.` : undefined;
    if (typeof value === 'number') return value < field.min ? `At least ${field.min}.` : value > field.max ? `At most ${field.max}.` : undefined;
    const text = String(value);
    if (field.pattern && !new RegExp(field.pattern[0]).test(text)) return field.pattern[1];
    if (text.length > field.maxlength) return `At most ${field.maxlength} characters.`;
    if (text.length < field.minlength) return `At least ${field.minlength} characters.`;
    return undefined;
  };
  // One sheet in the editor's own colours, scoped to the field type's class.
  const sheet = document.createElement('style');
  sheet.textContent = `.list-with-start { display: grid; gap: 8px }
.list-with-start > fieldset { border: 1px solid var(--sui-secondary-border-color, #c4c4c4); border-radius: 4px; padding: 8px 12px 12px; margin: 0; display: grid; gap: 8px }
.list-with-start legend { font-weight: 600; padding: 0 4px }
.list-with-start label, .list-with-start .label { display: block; font-weight: 600; margin-bottom: 4px }
.list-with-start .choices { display: flex; flex-wrap: wrap; gap: 4px 16px }
.list-with-start .choices label { display: inline-flex; align-items: center; gap: 6px; min-height: 24px; font-weight: normal; margin: 0 }
.list-with-start p { color: var(--sui-error-foreground-color, #b00020); margin: 4px 0 0 }
.list-with-start p.hint { color: inherit; opacity: .75; margin: 0 0 4px }
.list-with-start button { font: inherit; padding: 6px 12px; border-radius: 4px; border: 1px solid var(--sui-primary-accent-color-text, #1565c0); background: transparent; color: var(--sui-primary-accent-color-text, #1565c0); cursor: pointer; justify-self: start }`;
  document.head.append(sheet);
  const control = w.createClass({
    field() {
      return plain(this.props.field);
    },
    rows(value = this.props.value) {
      const list = plain(value);
      return Array.isArray(list) ? list : [];
    },
    set(rows) {
      const fields = this.field().fields;
      this.props.onChange(rows.map((row) => ordered(fields, row)));
    },
    /** Moves the focus, once drawn, into row i (the last there is), else onto the first button left. */
    focusRow(i) {
      setTimeout(() => {
        const groups = this.root?.querySelectorAll(':scope > fieldset') ?? [];
        const group = groups[Math.min(i, groups.length - 1)];
        (group?.querySelector('input, [tabindex="0"]') ?? this.root?.querySelector(':scope > button'))?.focus();
      });
    },
    /** Sveltia asks before it saves (with the value it is saving): each row checked as the list's own fields would be. */
    isValid(value) {
      const field = this.field();
      const singular = String(field.label_singular ?? 'item');
      for (const [i, row] of this.rows(arguments.length ? value : this.props.value).entries()) {
        for (const sub of field.fields) {
          const wrong = sub.widget === 'hidden' ? undefined : problem(sub, row[sub.name]);
          if (wrong) return { error: { message: `${singular.charAt(0).toUpperCase()}${singular.slice(1)} ${i + 1}, ${sub.label}: ${wrong}` } };
        }
      }
      return true;
    },
    render() {
      const field = this.field();
      const fields = field.fields.filter((f) => f.widget !== 'hidden');
      const singular = String(field.label_singular ?? 'item');
      const Singular = `${singular.charAt(0).toUpperCase()}${singular.slice(1)}`;
      // Handlers read the rows when they run: the editor may keep a handler of an earlier drawing (after Start, Add
      // added to the rows drawn first, none, and wiped the started ones).
      const rows = this.rows();
      const start = field.start;
      const id = String(this.props.forID);
      // A new row starts with each field's default, else empty (a switch off, no choice): never as {}, which the editor
      // stores as nothing, and the list came back as that one empty row.
      const blank = (f) => (f.widget === 'boolean' ? false : f.multiple ? [] : ['string', 'text', 'select', 'datetime'].includes(f.widget) && f.required !== false ? '' : undefined);
      const fresh = () => Object.fromEntries(field.fields.map((f) => [f.name, f.default ?? (f.widget === 'hidden' ? undefined : blank(f))]).filter(([, v]) => v !== undefined));
      return h('div', { className: `${this.props.classNameWrapper} list-with-start`, ref: (el) => (this.root = el) },
        rows.length === 0 && start?.value?.length ? h('button', { type: 'button', onClick: () => (this.set(structuredClone(start.value)), this.focusRow(0)) }, start.label) : null,
        ...rows.map((row, i) => h('fieldset', { key: i },
          h('legend', null, `${Singular} ${i + 1}`),
          ...fields.map((sub) => {
            const type = CMS.getFieldType(sub.widget);
            const subId = `${id}-${i}-${sub.name}`;
            // The rows as they are when the change comes (two changes in one moment both count).
            const update = (value) => this.set(this.rows().map((r, k) => (k === i ? { ...r, [sub.name]: plain(value) } : r)));
            // A value typed wrong is told beside it at once (an empty one when Sveltia asks, in isValid).
            // Sveltia's controls name their label and message by their id: `${id}-label`, `${id}-error`.
            const wrong = empty(row[sub.name]) ? undefined : problem(sub, row[sub.name]);
            // A choice of several (the days) is a box each: the editor's own select, reused here, changes its list in place,
            // and a list changed in place is never told (a day taken out or picked was lost on saving).
            const several = sub.widget === 'select' && sub.multiple;
            return h('div', { key: sub.name },
              several ? h('span', { className: 'label', id: `${subId}-label` }, sub.label) : h('label', { htmlFor: subId, id: `${subId}-label` }, sub.label),
              sub.hint ? h('p', { className: 'hint', id: `${subId}-hint` }, sub.hint) : null,
              several
                ? h('div', { className: 'choices', role: 'group', 'aria-labelledby': `${subId}-label`, 'aria-describedby': [sub.hint ? `${subId}-hint` : '', wrong ? `${subId}-error` : ''].join(' ').trim() || undefined, id: subId },
                    ...choices(sub).map(({ label, value }, n) => {
                      const picked = (this.rows()[i]?.[sub.name] ?? []).includes(value);
                      // In the options' order, whatever order they are picked in.
                      const toggle = () => {
                        const now = this.rows()[i]?.[sub.name] ?? [];
                        update(choices(sub).map((o) => o.value).filter((v) => (v === value ? !now.includes(v) : now.includes(v))));
                      };
                      return h('label', { key: n }, h('input', { type: 'checkbox', checked: picked, onChange: toggle }), ` ${label}`);
                    }))
                : type?.control
                  ? h(type.control, { field: sub, value: row[sub.name], forID: subId, classNameWrapper: '', onChange: update, required: sub.required !== false, invalid: !!wrong })
                  : h('p', null, 'This field cannot be changed here.'),
              wrong ? h('p', { id: `${subId}-error` }, wrong) : null);
          }),
          h('button', { type: 'button', onClick: () => (this.set(this.rows().filter((_, k) => k !== i)), this.focusRow(i)) }, `Remove ${singular} ${i + 1}`))),
        h('button', { type: 'button', onClick: () => (this.focusRow(this.rows().length), this.set([...this.rows(), fresh()])) }, `Add ${singular}`));
    },
  });
  CMS.registerFieldType(name, control);
}
