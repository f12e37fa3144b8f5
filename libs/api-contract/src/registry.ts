import { createRegistry, type AnyEntity } from '@campus/domain-core';
import { iamEntities } from '@campus/domain-iam';
import { campusEntities } from '@campus/domain-campus';
import { hrEntities } from '@campus/domain-hr';
import { supportEntities } from '@campus/domain-support';
import { chatbotEntities } from '@campus/domain-chatbot';
import { frsEntities } from '@campus/domain-frs';
import { crudContract, type CrudContract } from './crud.js';

/** Every entity the API serves, looked up by resource or console path. */
export const entityRegistry = createRegistry([...iamEntities, ...campusEntities, ...hrEntities, ...supportEntities, ...chatbotEntities, ...frsEntities] as AnyEntity[]);

/** The CRUD contract of every registered entity, keyed by resource (`campuses`, `academic-years`, …). */
export const resourceContracts: Readonly<Record<string, CrudContract>> = Object.fromEntries(
  entityRegistry.all.map((entity) => [entity.resource, crudContract(entity)]),
);
