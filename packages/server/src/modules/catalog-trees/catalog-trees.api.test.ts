import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeNodeSchema, type TreeNode } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

/** Both trees run the same suite; only the path, the list key and the nouns differ. */
const TREES = [
  {
    path: '/api/categories',
    key: 'categories',
    notFound: 'Nie znaleziono kategorii.',
    parentNotFound: 'Nie znaleziono kategorii nadrzędnej.',
    selfParent: 'Kategoria nie może być swoją własną kategorią nadrzędną.',
    underDescendant: 'Nie można przenieść kategorii do jej własnej podkategorii.',
    duplicate: (n: string) => `Kategoria o numerze ${n} już istnieje.`,
    hasChildren: 'Nie można usunąć kategorii, która ma podkategorie.',
  },
  {
    path: '/api/places',
    key: 'places',
    notFound: 'Nie znaleziono miejsca w magazynie.',
    parentNotFound: 'Nie znaleziono miejsca nadrzędnego.',
    selfParent: 'Miejsce nie może być swoim własnym miejscem nadrzędnym.',
    underDescendant: 'Nie można przenieść miejsca do miejsca, które się w nim znajduje.',
    duplicate: (n: string) => `Miejsce o numerze ${n} już istnieje.`,
    hasChildren: 'Nie można usunąć miejsca, które zawiera inne miejsca.',
  },
] as const;

describe.each(TREES)('$path', (tree) => {
  /** Each test works in its own top-level branch, so the tests do not see each other's numbers. */
  let seq = 0;
  const top = () => `T${++seq}${tree.key}`;

  async function add(name: string, number: string, parentId: number | null = null): Promise<TreeNode> {
    const res = await org.admin.post(tree.path, { name, number, parentId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return treeNodeSchema.parse(res.body);
  }
  const put = (node: TreeNode, change: Partial<TreeNode>) =>
    org.admin.put<{ message: string }>(tree.path, {
      id: node.id,
      name: node.name,
      number: node.number,
      parentId: node.parentId,
      ...change,
    });
  const one = async (id: number) => treeNodeSchema.parse((await org.admin.get(`${tree.path}?id=${id}`)).body);
  const all = async () => (await org.admin.get<Record<string, TreeNode[]>>(tree.path)).body[tree.key]!;

  it('computes fullNumber and fullName from the parents and lists by fullNumber', async () => {
    const t = top();
    const hall = await add('  Hala  ', t);
    const rack10 = await add('Regał 10', '10', hall.id);
    const rack2 = await add('Regał 2', '2', hall.id);
    const shelf = await add('Półka 1', '1', rack2.id);
    expect(hall).toMatchObject({ name: 'Hala', number: t, parentId: null, fullNumber: t, fullName: 'Hala' });
    expect(shelf).toMatchObject({
      parentId: rack2.id,
      fullNumber: `${t}-2-1`,
      fullName: 'Hala / Regał 2 / Półka 1',
    });
    expect(await one(shelf.id)).toEqual(shelf);

    const mine = (await all()).filter((n) => n.fullNumber.startsWith(t));
    // Numbers are read as people read them: 2 before 10; a parent before its children.
    expect(mine.map((n) => n.id)).toEqual([hall.id, rack2.id, shelf.id, rack10.id]);
    expect(mine[0]).toEqual(hall);
  });

  it('sorts the whole list by fullNumber, then id', async () => {
    const list = await all();
    const collator = new Intl.Collator('pl', { numeric: true });
    const sorted = [...list].sort((a, b) => collator.compare(a.fullNumber, b.fullNumber) || a.id - b.id);
    expect(list.map((n) => n.id)).toEqual(sorted.map((n) => n.id));
  });

  it('ignores children and parent objects and unknown keys of the body', async () => {
    const t = top();
    const parent = await add('Rodzic', t);
    const res = await org.admin.post<TreeNode>(tree.path, {
      name: 'Dziecko',
      number: '1',
      parentId: parent.id,
      parent: { id: 999, fullNumber: 'X' },
      children: [{ id: 1 }],
      fullNumber: 'Zmyślony',
      org_id: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ parentId: parent.id, fullNumber: `${t}-1`, fullName: 'Rodzic / Dziecko' });
  });

  it('renaming, renumbering and moving a node recomputes every descendant', async () => {
    const t = top();
    const a = await add('Alfa', `${t}a`);
    const b = await add('Beta', `${t}b`);
    const a1 = await add('Jeden', '1', a.id);
    const a11 = await add('Jeden-jeden', '1', a1.id);
    const a111 = await add('Liść', '7', a11.id);

    let res = await put(a1, { name: 'Pierwszy', number: '01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullNumber: `${t}a-01`, fullName: 'Alfa / Pierwszy' });
    expect(await one(a111.id)).toMatchObject({
      fullNumber: `${t}a-01-1-7`,
      fullName: 'Alfa / Pierwszy / Jeden-jeden / Liść',
    });

    // Move the branch under another top node.
    res = await put(await one(a1.id), { parentId: b.id });
    expect(res.status).toBe(200);
    expect(await one(a11.id)).toMatchObject({
      parentId: a1.id,
      fullNumber: `${t}b-01-1`,
      fullName: 'Beta / Pierwszy / Jeden-jeden',
    });
    expect(await one(a111.id)).toMatchObject({ fullNumber: `${t}b-01-1-7` });

    // Rename the top: the whole branch follows; the old top stays as it was.
    res = await put(b, { name: 'Gamma', number: `${t}g` });
    expect(res.status).toBe(200);
    expect(await one(a111.id)).toMatchObject({
      fullNumber: `${t}g-01-1-7`,
      fullName: 'Gamma / Pierwszy / Jeden-jeden / Liść',
    });
    expect(await one(a.id)).toEqual(a);

    // Back to the top level (parentId null).
    res = await put(await one(a11.id), { parentId: null });
    expect(res.status).toBe(200);
    expect(await one(a111.id)).toMatchObject({ fullNumber: '1-7', fullName: 'Jeden-jeden / Liść' });
    expect((await org.admin.delete(`${tree.path}?id=${a111.id}`)).status).toBe(204);
    expect((await org.admin.delete(`${tree.path}?id=${a11.id}`)).status).toBe(204);
  });

  it('accepts a new number its own child still holds (rewritten in one transaction)', async () => {
    const t = top();
    const node = await add('Węzeł', t);
    const child = await add('Dziecko', '1', node.id);
    const grandchild = await add('Wnuk', '1', child.id);
    const res = await put(node, { number: `${t}-1` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await one(child.id)).toMatchObject({ fullNumber: `${t}-1-1` });
    expect(await one(grandchild.id)).toMatchObject({ fullNumber: `${t}-1-1-1` });
  });

  it('refuses a node as its own parent or under its own descendant, changing nothing', async () => {
    const t = top();
    const root = await add('Korzeń', t);
    const child = await add('Dziecko', '1', root.id);
    const grandchild = await add('Wnuk', '1', child.id);
    for (const [parentId, message] of [
      [root.id, tree.selfParent],
      [child.id, tree.underDescendant],
      [grandchild.id, tree.underDescendant],
    ] as const) {
      const res = await put(root, { parentId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await one(root.id)).toEqual(root);
    expect(await one(grandchild.id)).toEqual(grandchild);
  });

  it("refuses a missing parent, and another organisation's parent the same way", async () => {
    const other = await createOrg(server);
    const theirs = treeNodeSchema.parse((await other.admin.post(tree.path, { name: 'Cudzy', number: 'C1' })).body);
    const mine = await add('Mój', top());
    for (const parentId of [theirs.id, 2_000_000_000]) {
      const created = await org.admin.post<{ message: string; field: string }>(tree.path, {
        name: 'X',
        number: 'X',
        parentId,
      });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ message: tree.parentNotFound, field: 'parentId' });
      const moved = await put(mine, { parentId });
      expect(moved.status).toBe(400);
      expect(moved.body.message).toBe(tree.parentNotFound);
    }
  });

  it('refuses a fullNumber that already exists, also for a moved descendant', async () => {
    const t = top();
    const a = await add('A', `${t}a`);
    await add('A1', '1', a.id);
    const b = await add('B', `${t}b`);
    const b1 = await add('B1', '1', b.id);
    const b11 = await add('B11', '1', b1.id);

    let res = await org.admin.post<{ message: string }>(tree.path, { name: 'Drugi', number: '1', parentId: a.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tree.duplicate(`${t}a-1`));
    res = await org.admin.post(tree.path, { name: 'Drugi', number: ` ${t}a ` });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tree.duplicate(`${t}a`));
    // Renumbering B to A's number collides at the top; moving B1 under A collides with A1.
    res = await put(b, { number: `${t}a` });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tree.duplicate(`${t}a`));
    res = await put(b1, { parentId: a.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tree.duplicate(`${t}a-1`));

    // A free node, but a descendant collides: A has a child numbered '3-1' ('Ta-3-1'); B1 moved
    // under A as '3' would be 'Ta-3' (free) and its child B11 'Ta-3-1' (taken).
    await add('A3-1', '3-1', a.id);
    res = await put(b1, { parentId: a.id, number: '3' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tree.duplicate(`${t}a-3-1`));
    expect(await one(b1.id)).toEqual(b1);
    expect(await one(b11.id)).toEqual(b11);

    // The same number under different parents is fine.
    expect((await org.admin.post(tree.path, { name: 'Inny', number: '1', parentId: b11.id })).status).toBe(200);
  });

  it('deletes a leaf; refuses a node with children (409), a missing node (404)', async () => {
    const t = top();
    const parent = await add('Rodzic', t);
    const child = await add('Dziecko', '1', parent.id);
    let res = await org.admin.delete<{ message: string }>(`${tree.path}?id=${parent.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(tree.hasChildren);
    expect((await org.admin.delete(`${tree.path}?id=${child.id}`)).status).toBe(204);
    expect((await org.admin.delete(`${tree.path}?id=${parent.id}`)).status).toBe(204);
    res = await org.admin.get(`${tree.path}?id=${parent.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(tree.notFound);
    res = await org.admin.delete(`${tree.path}?id=${parent.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(tree.notFound);
    res = await put(child, {});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(tree.notFound);
  });

  it('refuses bad input with a Polish 400', async () => {
    const cases: [unknown, RegExp][] = [
      [{ number: '1' }, /^Podaj nazwę\.$/],
      [{ name: '   ', number: '1' }, /^Podaj nazwę\.$/],
      [{ name: 'Bez numeru' }, /^Podaj numer\.$/],
      [{ name: 'Pusty numer', number: '  ' }, /^Podaj numer\.$/],
      [{ name: 'x'.repeat(201), number: '1' }, /^Wartość jest za długa\.$/],
      [{ name: 'Długi numer', number: '1'.repeat(51) }, /^Wartość jest za długa\.$/],
      [{ name: 'Zły rodzic', number: '1', parentId: 'abc' }, /^Niepoprawny identyfikator\.$/],
      [{ name: 'Zły rodzic', number: '1', parentId: -1 }, /^Niepoprawny identyfikator\.$/],
      [{ name: 'Zły rodzic', number: '1', parentId: 1.5 }, /^Niepoprawny identyfikator\.$/],
      [{ name: 123, number: '1' }, /^Podaj nazwę\.$/],
      [[], /./],
    ];
    for (const [body, message] of cases) {
      const res = await org.admin.post<{ message: string }>(tree.path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await org.admin.post(tree.path, { name: 'x'.repeat(200), number: '1'.repeat(50) })).status).toBe(200);
    expect((await org.admin.put(tree.path, { name: 'Bez id', number: '1' })).status).toBe(400);
    expect((await org.admin.put(tree.path, { id: 'abc', name: 'X', number: '1' })).status).toBe(400);
    expect((await org.admin.get(`${tree.path}?id=abc`)).status).toBe(400);
    expect((await org.admin.delete(`${tree.path}?id=0`)).status).toBe(400);
    expect((await org.admin.delete(tree.path)).status).toBe(400);
  });

  it('refuses a tree so deep that the full number would not fit', async () => {
    const t = top();
    const long = (i: number) => String(i).padStart(50, '0');
    // 50 + 38 x 51 = 1988 characters fit; one more level (2039) does not fit in 2000.
    let parent = await add('Poziom 0', t.padEnd(50, 'x'));
    const chain = [parent];
    for (let i = 1; i < 39; i++) chain.push((parent = await add(`Poziom ${i}`, long(i), parent.id)));
    const res = await org.admin.post<{ message: string }>(tree.path, {
      name: 'Za głęboko',
      number: long(99),
      parentId: parent.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/za długie/);
    // Moving the lower half under the deepest node is refused the same way, and changes nothing.
    const moved = await put(chain[10]!, { parentId: parent.id });
    expect(moved.status).toBe(400);
    expect(await one(parent.id)).toEqual(parent);
  });

  it('needs a signed-in user to read, and main.items.edit to change', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get(tree.path)).status).toBe(401);
    expect((await anonymous.post(tree.path, { name: 'X', number: 'X' })).status).toBe(401);

    const node = await add('Chroniony', top());
    const reader = await createUser(server, org, { login: `czyta${tree.key}`, permissions: 'main.items.show' });
    expect((await reader.client.get(tree.path)).status).toBe(200);
    expect((await reader.client.get(`${tree.path}?id=${node.id}`)).status).toBe(200);
    expect((await reader.client.post(tree.path, { name: 'X', number: 'X' })).status).toBe(403);
    expect((await reader.client.put(tree.path, { ...node, name: 'X' })).status).toBe(403);
    expect((await reader.client.delete(`${tree.path}?id=${node.id}`)).status).toBe(403);

    const editor = await createUser(server, org, { login: `edytuje${tree.key}`, permissions: 'main.items.edit' });
    const res = await editor.client.post(tree.path, { name: 'Edytor', number: top() });
    expect(res.status).toBe(200);
    expect((await editor.client.delete(`${tree.path}?id=${res.body.id as number}`)).status).toBe(204);
  });
});

describe('categories used by parameters', () => {
  it('cannot be deleted while a parameter is assigned', async () => {
    const cat = treeNodeSchema.parse(
      (await org.admin.post('/api/categories', { name: 'Z parametrem', number: 'ZP' })).body,
    );
    const param = await org.admin.post<{ id: number }>('/api/parameters', {
      name: 'Kolor',
      type: 'STRING',
      categoryId: cat.id,
    });
    expect(param.status).toBe(200);
    const res = await org.admin.delete<{ message: string }>(`/api/categories?id=${cat.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Nie można usunąć kategorii, do której są przypisane parametry.');
    expect((await org.admin.delete(`/api/parameters?id=${param.body.id}`)).status).toBe(204);
    expect((await org.admin.delete(`/api/categories?id=${cat.id}`)).status).toBe(204);
  });
});
