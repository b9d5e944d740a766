// Which lists the editor prunes on save: a list picked from another list of the same file (a relation to itself),
// so a value the other list no longer has, which the editor shows without a ×, goes when the file is saved.
import { expect, it } from 'vitest';
import { pickedFromOwnList } from '../../src/admin/admin-files.ts';

const relation = (over: Record<string, unknown> = {}) => ({ name: 'teaser', label: 'On the home page', widget: 'relation', collection: 'settings', file: 'plans', value_field: 'accepted.*', ...over });
const configWith = (field: Record<string, unknown>, fields = [{ name: 'accepted', label: 'Plans accepted', widget: 'list' }]) => ({
  collections: [{ name: 'settings', files: [{ name: 'plans', file: 'content/plans.yaml', fields: [...fields, field] }] }, { name: 'posts', folder: 'content/posts' }],
});

it('names the file, the list picked and the list it is picked from', () => {
  expect(pickedFromOwnList(configWith(relation()))).toEqual([{ path: 'content/plans.yaml', field: 'teaser', list: 'accepted', labels: ['On the home page', 'Plans accepted'] }]);
});

it.each([
  ['another collection', relation({ collection: 'posts' })],
  ['another file', relation({ file: 'site' })],
  ['a field of each item, not the items', relation({ value_field: 'accepted.*.name' })],
  ['an entry of a folder collection', relation({ value_field: '{{slug}}' })],
  ['a select, not a relation', relation({ widget: 'select' })],
])('leaves alone a relation to %s', (_, field) => {
  expect(pickedFromOwnList(configWith(field))).toEqual([]);
});

it('leaves alone a relation to a list the file does not have', () => {
  expect(pickedFromOwnList(configWith(relation(), []))).toEqual([]);
});
