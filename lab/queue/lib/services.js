'use strict';
/**
 * PostgreSQL and Redis for one run of the queue-mode suite: the ones named by the environment when given (the GitHub
 * workflow's service containers: QUEUE_POSTGRES_URL=postgres://user:password@host:port/database, an empty database,
 * and QUEUE_REDIS_URL=redis://host:port), else Debian's packages, started on loopback in a temporary folder and
 * stopped with the run. Nothing is written outside that folder; no system service is started.
 *
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user that Debian's package
 * creates, and its programs run through `runuser`.
 */
const fs = require('fs');
const path = require('path');
const { ensureDebianPackages } = require('../../lib/debian');
const { freePort } = require('../../lib/n8n');
const { runCommand, startProcess, waitUntilReady } = require('../../lib/processes');

const REDIS_SERVER = '/usr/bin/redis-server';
const POSTGRES_ROOT = '/usr/lib/postgresql';
const DATABASE = 'n8n';
const DATABASE_USER = 'n8n';

/**
 * @typedef {{ host: string, port: number, database: string, user: string, password?: string,
 *   stop: () => Promise<unknown> }} PostgresService
 * @typedef {{ host: string, port: number, stop: () => Promise<unknown> }} RedisService
 */

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The bin folder of the newest PostgreSQL server installed by Debian's packages, if any. */
function postgresBinDir() {
	if (!fs.existsSync(POSTGRES_ROOT)) return undefined;
	const versions = fs
		.readdirSync(POSTGRES_ROOT)
		.filter((v) => fs.existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

/**
 * The services named by QUEUE_POSTGRES_URL and QUEUE_REDIS_URL (both, or neither: undefined). They are left running
 * when the run stops.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ postgres: PostgresService, redis: RedisService } | undefined}
 */
function servicesFromEnv(env = process.env) {
	const { QUEUE_POSTGRES_URL: postgresUrl, QUEUE_REDIS_URL: redisUrl } = env;
	if (!postgresUrl && !redisUrl) return undefined;
	if (!postgresUrl || !redisUrl)
		throw new Error('QUEUE_POSTGRES_URL and QUEUE_REDIS_URL go together: set both or neither');
	const pg = new URL(postgresUrl);
	const redis = new URL(redisUrl);
	const stop = async () => undefined;
	return {
		postgres: {
			host: pg.hostname,
			port: Number(pg.port || 5432),
			database: decodeURIComponent(pg.pathname.slice(1)) || DATABASE,
			user: decodeURIComponent(pg.username) || DATABASE_USER,
			password: decodeURIComponent(pg.password),
			stop,
		},
		redis: { host: redis.hostname, port: Number(redis.port || 6379), stop },
	};
}

/** Installs Debian's redis-server and postgresql when missing (not needed when the environment names them). */
async function ensureServices() {
	if (servicesFromEnv()) return;
	await ensureDebianPackages(['redis-server'], () => fs.existsSync(REDIS_SERVER), REDIS_SERVER);
	await ensureDebianPackages(['postgresql'], () => postgresBinDir() !== undefined, 'PostgreSQL');
}

/** A command line that runs as the cluster's owner: `postgres` when we are root, else ourselves. */
function asClusterOwner(command, args) {
	return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Starts Redis on 127.0.0.1 (no persistence: the queue lives as long as the run).
 * @param {string} dir
 */
async function startRedis(dir) {
	const port = await freePort();
	fs.mkdirSync(dir, { recursive: true });
	const managed = startProcess('redis', REDIS_SERVER, [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
	]);
	await waitUntilReady(managed, async () => {
		const { stdout } = await runCommand('redis-cli', ['-p', String(port), 'ping'], {
			allowFailure: true,
		});
		return stdout.trim() === 'PONG';
	});
	return { host: '127.0.0.1', port, process: managed, stop: () => managed.stop(10_000) };
}

/**
 * Creates a cluster in `dir` (trust authentication on loopback only), starts it on 127.0.0.1 and creates n8n's
 * database and user. As root, every folder above `dir` must be open to the `postgres` user (mode 755).
 * @param {string} dir
 */
async function startPostgres(dir) {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL is not installed');
	const dataDir = path.join(dir, 'data');
	fs.mkdirSync(dataDir, { recursive: true });
	if (isRoot()) {
		await runCommand('chown', ['-R', 'postgres:postgres', dir]);
		// runuser keeps our working folder; postgres must be able to enter it.
		fs.chmodSync(dir, 0o755);
	}
	const initdb = asClusterOwner(path.join(bin, 'initdb'), [
		'-D',
		dataDir,
		'-U',
		DATABASE_USER,
		'--auth=trust',
		'--no-sync',
		'--encoding=UTF8',
		'--locale=C',
	]);
	await runCommand(initdb[0], initdb[1], { cwd: dir, timeoutMs: 120_000 });
	const port = await freePort();
	const server = asClusterOwner(path.join(bin, 'postgres'), [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-k',
		dir,
		'-c',
		'listen_addresses=127.0.0.1',
		// A throwaway cluster: durability is not what is tested.
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'max_connections=200',
	]);
	const managed = startProcess('postgres', server[0], server[1], { cwd: dir });
	const psql = (sql, database = 'postgres') =>
		runCommand(
			'psql',
			['-h', '127.0.0.1', '-p', String(port), '-U', DATABASE_USER, '-d', database, '-tAc', sql],
			{ allowFailure: true, cwd: dir },
		);
	await waitUntilReady(managed, async () => (await psql('select 1')).code === 0);
	const created = await psql(`create database ${DATABASE}`);
	if (created.code !== 0) throw new Error(`create database failed: ${created.stderr}`);
	return {
		host: '127.0.0.1',
		port,
		database: DATABASE,
		user: DATABASE_USER,
		process: managed,
		psql,
		stop: () => managed.stop(15_000),
	};
}

module.exports = { ensureServices, servicesFromEnv, startPostgres, startRedis };
