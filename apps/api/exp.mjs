import pg from 'pg';
import { openDatabase } from './dist/platform/db/client.js';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' }); await admin.connect();
await admin.query('drop database if exists campus_exp with (force)'); await admin.query('create database campus_exp'); await admin.end();
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/campus_exp', poolSize: 2 });
await database.close();
console.log('ok');
