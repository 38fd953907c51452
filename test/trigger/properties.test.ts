/**
 * The trigger's options with a range (the duplicate window's bounds, the registration's delays): the chosen defaults when unset, the user's values honoured by the
 * trigger, and values out of range refused with the option's name, at activation (before any request) and per
 * delivery.
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { registrationSettings, windowSettings } from '../../nodes/PaymentPlatformTrigger/settings';
import { TriggerHarness } from '../harness/trigger';
import {
	deliveryBody,
	NO_API,
	registeredTrigger,
	signedRequest,
} from '../harness/triggerDeliveries';

const HOUR_MS = 3600_000;
/** The chosen defaults (docs/chosen-defaults.md). */
const DUPLICATE_WINDOW_SIZE = 10_000;
const DUPLICATE_WINDOW_HOURS = 72;
const RUNNING_AT_MOST_SECONDS = 25;
const ENDPOINT_REMOVAL_DELAY_SECONDS = 60;
const PREVIOUS_SECRET_HOURS = 72;
/** The window the chosen defaults give. */
const DEFAULT_WINDOW_BOUNDS = { maxIds: 10_000, maxAgeMs: 72 * HOUR_MS };

function optionsCollection(): INodeProperties[] {
	const options = new PaymentPlatformTrigger().description.properties.find(
		(property) => property.name === 'options',
	);
	return (options?.options ?? []) as INodeProperties[];
}

function option(name: string): INodeProperties {
	const found = optionsCollection().find((entry) => entry.name === name);
	if (found === undefined) throw new Error(`no option ${name}`);
	return found;
}

/** A delivery with this id, signed with the registered secret. */
const delivery = (id: string) => signedRequest({ body: deliveryBody({ id }) });

/** Date.now as the test sets it (the trigger reads the time of each delivery from it). */
function controlClock(start: number) {
	let now = start;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
	return { advance: (ms: number) => (now += ms) };
}

afterEach(() => jest.restoreAllMocks());

describe('duplicate window options: what the editor shows', () => {
	it('offers both bounds with the chosen defaults, the accepted range and the memory each costs', () => {
		const size = option('duplicateWindowSize');
		expect(size.displayName).toBe('Duplicate Window Size (Deliveries)');
		expect(size.default).toBe(DUPLICATE_WINDOW_SIZE);
		// No numberPrecision: the editor would round a typed 2.5; the run refuses it (10.5 below).
		expect(size.typeOptions).toEqual({ minValue: 1, maxValue: 100_000 });
		expect(size.description).toMatch(/bytes of each webhook process's memory/);

		const age = option('duplicateWindowHours');
		expect(age.displayName).toBe('Duplicate Window Age (Hours)');
		expect(age.default).toBe(DUPLICATE_WINDOW_HOURS);
		expect(age.typeOptions).toMatchObject({ minValue: 1, maxValue: 720 });
		expect(age.description).toMatch(/3 days/);
	});

	it('the chosen defaults apply when the options are unset', () => {
		expect(windowSettings({})).toEqual({
			bounds: DEFAULT_WINDOW_BOUNDS,
			runningAtMostSeconds: RUNNING_AT_MOST_SECONDS,
		});
		expect(option('resendRunsAfter').default).toBe(RUNNING_AT_MOST_SECONDS);
		expect(registrationSettings({})).toEqual({
			removalDelayMs: ENDPOINT_REMOVAL_DELAY_SECONDS * 1000,
			previousSecretMs: PREVIOUS_SECRET_HOURS * HOUR_MS,
			rotation: 0,
			endpointEvents: 'all',
		});
		expect(option('endpointEvents').default).toBe('all');
		expect(option('endpointRemovalDelay').default).toBe(ENDPOINT_REMOVAL_DELAY_SECONDS);
		expect(option('previousSecretHours').default).toBe(PREVIOUS_SECRET_HOURS);
	});

	it('every option of the collection has a description', () => {
		for (const entry of optionsCollection() as Array<INodeProperties | INodePropertyCollection>) {
			expect('description' in entry && entry.description).toBeTruthy();
		}
	});
});

describe('duplicate window options: values', () => {
	it.each([
		[{ duplicateWindowSize: 500 }, { maxIds: 500, maxAgeMs: 72 * HOUR_MS }],
		[{ duplicateWindowHours: 24 }, { maxIds: 10_000, maxAgeMs: 24 * HOUR_MS }],
		[{ duplicateWindowHours: 1.5 }, { maxIds: 10_000, maxAgeMs: 1.5 * HOUR_MS }],
		[
			{ duplicateWindowSize: ' 2000 ', duplicateWindowHours: '168' },
			{ maxIds: 2000, maxAgeMs: 168 * HOUR_MS },
		],
		[
			{ duplicateWindowSize: 1, duplicateWindowHours: 1 },
			{ maxIds: 1, maxAgeMs: HOUR_MS },
		],
		[
			{ duplicateWindowSize: 100_000, duplicateWindowHours: 720 },
			{ maxIds: 100_000, maxAgeMs: 720 * HOUR_MS },
		],
		[{ duplicateWindowSize: '', duplicateWindowHours: null }, DEFAULT_WINDOW_BOUNDS],
	])('%j → %j', (options, bounds) => {
		expect(windowSettings(options)).toMatchObject({ bounds });
	});

	it.each([
		[
			{ duplicateWindowSize: 0 },
			'Duplicate Window Size (Deliveries) must be a whole number from 1 to 100000; got 0',
		],
		[
			{ duplicateWindowSize: 100_001 },
			'Duplicate Window Size (Deliveries) must be a whole number from 1 to 100000; got 100001',
		],
		[
			{ duplicateWindowSize: 10.5 },
			'Duplicate Window Size (Deliveries) must be a whole number from 1 to 100000; got 10.5',
		],
		[
			{ duplicateWindowSize: 'many' },
			'Duplicate Window Size (Deliveries) must be a whole number from 1 to 100000; got "many"',
		],
		[
			{ duplicateWindowSize: -5 },
			'Duplicate Window Size (Deliveries) must be a whole number from 1 to 100000; got -5',
		],
		[
			{ duplicateWindowHours: 0.5 },
			'Duplicate Window Age (Hours) must be a number from 1 to 720; got 0.5',
		],
		[
			{ duplicateWindowHours: 721 },
			'Duplicate Window Age (Hours) must be a number from 1 to 720; got 721',
		],
		[
			{ duplicateWindowHours: Number.NaN },
			'Duplicate Window Age (Hours) must be a number from 1 to 720; got NaN',
		],
		[
			{ duplicateWindowHours: true },
			'Duplicate Window Age (Hours) must be a number from 1 to 720; got true',
		],
	])('%j is refused', (options, message) => {
		expect(windowSettings(options)).toBe(`Options → ${message}`);
	});

	it.each([
		[{ endpointRemovalDelay: 0 }, { removalDelayMs: 0 }],
		[
			{ endpointRemovalDelay: 3600, previousSecretHours: 0 },
			{ removalDelayMs: 3_600_000, previousSecretMs: 0 },
		],
		[{ previousSecretHours: 720 }, { previousSecretMs: 720 * HOUR_MS }],
	])('registration %j → %j', (options, settings) => {
		expect(registrationSettings(options)).toMatchObject(settings);
	});

	it.each([
		[
			{ endpointRemovalDelay: -1 },
			'Endpoint Removal Delay (Seconds) must be a number from 0 to 3600; got -1',
		],
		[
			{ endpointRemovalDelay: 3601 },
			'Endpoint Removal Delay (Seconds) must be a number from 0 to 3600; got 3601',
		],
		[
			{ previousSecretHours: 721 },
			'Previous Secret Grace Period (Hours) must be a number from 0 to 720; got 721',
		],
	])('registration %j is refused', (options, message) => {
		expect(registrationSettings(options)).toBe(`Options → ${message}`);
	});
});

describe('duplicate window options: the trigger honours them', () => {
	it('a size of 2 remembers the last 2 deliveries run: an older one runs again', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { duplicateWindowSize: 2 },
		});
		for (const id of ['size-a', 'size-b', 'size-c']) {
			expect((await harness.receive(delivery(id))).ran).toBe(true);
		}
		expect((await harness.receive(delivery('size-c'))).ran).toBe(false);
		expect((await harness.receive(delivery('size-b'))).ran).toBe(false);
		expect((await harness.receive(delivery('size-a'))).ran).toBe(true);
	});

	it('the default size keeps far more than 2 (the option, not a constant, bounds the window)', async () => {
		const harness = registeredTrigger();
		for (const id of ['default-a', 'default-b', 'default-c']) {
			expect((await harness.receive(delivery(id))).ran).toBe(true);
		}
		expect((await harness.receive(delivery('default-a'))).ran).toBe(false);
	});

	it('an age of 2 hours forgets a delivery run more than 2 hours ago, not one run within them', async () => {
		const clock = controlClock(Date.UTC(2026, 10, 25, 12));
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { duplicateWindowHours: 2 },
		});
		expect((await harness.receive(delivery('age-old'))).ran).toBe(true);
		clock.advance(HOUR_MS);
		expect((await harness.receive(delivery('age-new'))).ran).toBe(true);
		expect((await harness.receive(delivery('age-old'))).ran).toBe(false);
		clock.advance(HOUR_MS + 1);
		expect((await harness.receive(delivery('age-old'))).ran).toBe(true);
		expect((await harness.receive(delivery('age-new'))).ran).toBe(false);
	});

	it('with the default age a delivery run 3 hours ago is still recognised', async () => {
		const clock = controlClock(Date.UTC(2026, 10, 25, 12));
		const harness = registeredTrigger();
		expect((await harness.receive(delivery('age-default'))).ran).toBe(true);
		clock.advance(3 * HOUR_MS);
		expect((await harness.receive(delivery('age-default'))).ran).toBe(false);
	});
});

describe('duplicate window options: out of range', () => {
	it('activation stops with the option, its range and the value, before any request', async () => {
		const harness = new TriggerHarness({
			target: NO_API,
			parameters: { events: ['charge.captured'], options: { duplicateWindowSize: 0 } },
		});
		await expect(harness.activate()).rejects.toThrow(
			'Options → Duplicate Window Size (Deliveries) must be a whole number from 1 to 100000; got 0',
		);
	});

	it('a delivery to a trigger whose bound is out of range does not run (n8n answers it 5xx, so it is sent again)', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { duplicateWindowHours: 1000 },
		});
		await expect(harness.receive(delivery('out-of-range'))).rejects.toThrow(
			'Options → Duplicate Window Age (Hours) must be a number from 1 to 720; got 1000',
		);
	});

	it('with Ignore Duplicate Deliveries off, the bounds are not read and the delivery runs', async () => {
		const harness = registeredTrigger({
			events: ['charge.captured'],
			options: { ignoreDuplicates: false, duplicateWindowHours: 1000 },
		});
		expect((await harness.receive(delivery('window-off'))).ran).toBe(true);
	});
});

describe("the editor's hints, panel and builder hint", () => {
	const { description } = new PaymentPlatformTrigger();

	/** The first words of each hint the editor shows for the trigger with these parameters. */
	function shownHints(parameters: Record<string, unknown>): string[] {
		const harness = new TriggerHarness({
			target: NO_API,
			parameters: { events: ['charge.captured'], options: {}, ...parameters } as never,
		});
		const node = harness.production.getNode(harness.node.name)!;
		return (description.hints ?? [])
			.filter((hint) => {
				const shown = harness.production.expression.getSimpleParameterValue(
					node,
					hint.displayCondition ?? '',
					'internal',
					{},
				);
				expect(typeof shown).toBe('boolean');
				return shown === true;
			})
			.map((hint) => hint.message.split(' ')[0]);
	}

	it.each<[string, Record<string, unknown>, string[]]>([
		['the defaults', {}, []],
		['When Received', { acknowledge: 'onReceived' }, ['When']],
		['Ignore Duplicate Deliveries off', { options: { ignoreDuplicates: false } }, ['Ignore']],
		['Endpoint Removal Delay 0', { options: { endpointRemovalDelay: 0 } }, ['Endpoint']],
		['Endpoint Removal Delay 5', { options: { endpointRemovalDelay: 5 } }, []],
	])('%s: %j', (_label, parameters, expected) => {
		expect(shownHints(parameters)).toEqual(expected);
	});

	it('the trigger panel says what listening and publishing do; the activation message and builder hint are set', () => {
		const panel = description.triggerPanel as { executionsHelp: Record<string, string> };
		expect(panel.executionsHelp.inactive).toMatch(/Listen for test event.*Publish the workflow/s);
		expect(description.activationMessage).toMatch(/charge events/);
		expect(description.builderHint?.searchHint).toMatch(/deliveryKey/);
	});

	it('with Include Headers, headers that could carry a credential are declared sensitive', () => {
		expect(description.sensitiveOutputFields).toEqual([
			'headers.authorization',
			'headers.proxy-authorization',
			'headers.cookie',
		]);
	});
});
