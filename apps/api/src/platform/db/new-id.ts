import { v7 } from 'uuid';

/**
 * A new record's id: a time-ordered UUID (version 7, RFC 9562), so that the ids of records saved one after another sit
 * next to each other in the primary key and in the indexes that hold them, rather than at random places. Its first
 * 48 bits are the time of creation in milliseconds, which the record's `createdAt` already tells.
 */
export const newId = (): string => v7();
