import type { DbOrTx } from '../db/connect.js';

export function createOrganizationRepository(db: DbOrTx) {
  return {
    findById(id: string) {
      return db.selectFrom('organizations').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },
    findByName(name: string) {
      return db.selectFrom('organizations').selectAll().where('name', '=', name).executeTakeFirst();
    },
    insert(name: string) {
      return db.insertInto('organizations').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
    },
  };
}
