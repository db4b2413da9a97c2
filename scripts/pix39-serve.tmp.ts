import { startBuiltApp } from '../e2e/support/server.ts';
const app = await startBuiltApp();
console.log('URL', app.baseUrl, 'ANON', app.anonKey, 'SERVICE', app.serviceRoleKey);
