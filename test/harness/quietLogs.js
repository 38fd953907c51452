'use strict';
/**
 * Jest setup (jest.config.js `setupFiles`): n8n's logger stays silent during unit tests.
 *
 * n8n-core reports every node error through its winston logger ("Submerchant not found", validation messages), which
 * writes straight to stdout around jest's report. The tests assert those errors themselves, so the log adds nothing;
 * jest still prints every failure and every `console` call. The level is n8n's own setting (`silent` keeps the
 * logger's methods in place, so tests can still spy on them); set N8N_LOG_LEVEL=debug to see the logs again.
 * JavaScript because the community-node lint rules (no `process`) apply to every .ts file.
 */
process.env.N8N_LOG_LEVEL ??= 'silent';
