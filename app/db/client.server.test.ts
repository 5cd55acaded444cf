import { eq, sql } from 'drizzle-orm'
import { expect, test, vi } from 'vitest'
import { getDb } from './client.server'
import { users } from './schema'

function addUser(email: string) {
  return getDb()
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'Ada', lastName: 'Lovelace' })
    .returning({ id: users.id })
    .get()
}

test('a query drizzle runs again reuses its statement instead of compiling it again', () => {
  const { id } = addUser('kept-statement@solace.test')
  const prepare = vi.spyOn(getDb().$client, 'prepare')
  const byId = () => getDb().select({ email: users.email }).from(users).where(eq(users.id, id)).get()
  expect(byId()).toEqual({ email: 'kept-statement@solace.test' })
  expect(byId()).toEqual({ email: 'kept-statement@solace.test' })
  expect(prepare).toHaveBeenCalledTimes(1)
  prepare.mockRestore()
})

test('a statement drizzle read as arrays answers objects to the next query with the same text', () => {
  const { id } = addUser('raw-mode@solace.test')
  // With named fields drizzle turns the statement's raw mode on and maps the arrays itself...
  const text = 'select "email" from "users" where "users"."id" = ?'
  expect(getDb().select({ email: users.email }).from(users).where(eq(users.id, id)).toSQL().sql).toBe(text)
  expect(getDb().select({ email: users.email }).from(users).where(eq(users.id, id)).get()).toEqual({
    email: 'raw-mode@solace.test',
  })
  // ...and a plain SQL query of the same text gets rows as objects, as from a fresh statement.
  expect(getDb().get(sql.raw(text.replace('?', String(id))))).toEqual({ email: 'raw-mode@solace.test' })
  expect(getDb().all(sql`select "email" from "users" where "users"."id" = ${id}`)).toEqual([
    { email: 'raw-mode@solace.test' },
  ])
})

test('statements prepared on the connection itself are never shared', () => {
  const mine = getDb().$client.prepare('select count(*) from users').pluck()
  expect(getDb().all(sql`select count(*) from users`)).toEqual([{ 'count(*)': expect.any(Number) }])
  expect(typeof mine.get()).toBe('number')
  expect(getDb().$client.prepare('select count(*) from users')).not.toBe(mine)
})

test('writes and transactions go through kept statements as before', () => {
  const { id } = addUser('in-transaction@solace.test')
  const rename = (name: string) =>
    getDb().transaction((tx) => tx.update(users).set({ firstName: name }).where(eq(users.id, id)).run())
  rename('Grace')
  rename('Hopper')
  expect(() =>
    getDb().transaction((tx) => {
      tx.update(users).set({ firstName: 'Rolled back' }).where(eq(users.id, id)).run()
      throw new Error('undo')
    }),
  ).toThrow('undo')
  expect(getDb().select({ firstName: users.firstName }).from(users).where(eq(users.id, id)).get()).toEqual({
    firstName: 'Hopper',
  })
})
