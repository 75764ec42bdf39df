import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmploymentTypes, type JobPostingLd } from '@hireline/contract/board';
import { createTestApp, type TestApp } from '../../test/harness';
import { countryOfLocale, employmentTypeOf, placeOf } from './board-json-ld';
import { boardGet, createBoardWorld, liveKeys, type BoardWorld } from './board.fixtures';

let t: TestApp;
let w: BoardWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
});
afterAll(() => t.close());

const detail = async (id: string) => {
  const res = await boardGet(t, `/portal/v1/board/jobs/${id}`, { host: w.host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { json_ld: JobPostingLd } & Record<string, unknown>;
};

/** What Google for Jobs requires of a JobPosting (its structured data documentation), checked on every live advert. */
function googleRequired(ld: JobPostingLd) {
  const missing: string[] = [];
  if (ld['@context'] !== 'https://schema.org' || ld['@type'] !== 'JobPosting') missing.push('@context/@type');
  if (!ld.title) missing.push('title');
  if (!ld.description) missing.push('description');
  if (!ld.datePosted || Number.isNaN(Date.parse(ld.datePosted))) missing.push('datePosted');
  if (!ld.hiringOrganization?.name) missing.push('hiringOrganization.name');
  const located = ld.jobLocation?.address?.addressCountry || (ld.jobLocationType === 'TELECOMMUTE' && ld.applicantLocationRequirements?.name);
  if (!located) missing.push('jobLocation or applicantLocationRequirements');
  if (ld.employmentType && !googleEmploymentTypes.includes(ld.employmentType)) missing.push('employmentType');
  return missing;
}

describe('json_ld of a board advert', () => {
  it('has every field Google requires on every live advert', async () => {
    for (const key of liveKeys) expect(googleRequired((await detail(w.ids[key])).json_ld), key).toEqual([]);
  });

  it('describes an on-site salaried advert with its place, pay and dates', async () => {
    const job = await detail(w.ids.forklift);
    expect(job.json_ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Forklift Driver',
      description: '<p>Drive forklifts in our <strong>warehouse</strong>.</p>',
      datePosted: job.published_at,
      validThrough: job.expires_at,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Alpha Employer 1' },
      // The board's locale (en-US) gives the country when the employer has no address.
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Boston', addressRegion: 'MA', addressCountry: 'US' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 50_000, maxValue: 60_000, unitText: 'YEAR' },
      },
      identifier: { '@type': 'PropertyValue', name: 'Alpha Jobs', value: 'WH-100' },
      directApply: true,
      url: `http://${w.host}/jobs/${w.ids.forklift}`,
    });
    expect(job.json_ld.description).toBe(job.description);
  });

  it("names the employer's website and absolute logo, its country, hourly pay, and no direct apply for email", async () => {
    const { json_ld: ld } = await detail(w.ids.nurse);
    expect(ld.employmentType).toBe('PART_TIME');
    expect(ld.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Northwind Traders',
      sameAs: 'https://northwind.example',
      logo: expect.stringMatching(new RegExp(`^http://${w.host.replaceAll('.', '\\.')}/portal/v1/files/${w.logoFileId}\\?expires=`)),
    });
    const sydney = { addressLocality: 'Sydney', addressRegion: 'NSW', addressCountry: 'AU' };
    expect(ld.jobLocation!.address).toEqual({ '@type': 'PostalAddress', ...sydney });
    expect(ld.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'AUD',
      value: { '@type': 'QuantitativeValue', minValue: 40, maxValue: 52.5, unitText: 'HOUR' },
    });
    expect(ld.identifier).toEqual({ '@type': 'PropertyValue', name: 'Alpha Jobs', value: w.ids.nurse });
    expect(ld.directApply).toBe(false);
  });

  it('marks a remote advert as telecommuting from its country, with no salary when none is shown', async () => {
    const { json_ld: ld } = await detail(w.ids.developer);
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'US' });
    expect(ld).not.toHaveProperty('jobLocation');
    expect(ld).not.toHaveProperty('baseSalary');
    expect(ld.directApply).toBe(false);
  });

  it('gives a single amount as a value and leaves out validThrough for an advert without an end', async () => {
    const { json_ld: ld } = await detail(w.ids.barista);
    expect(ld.employmentType).toBe('PER_DIEM');
    expect(ld.baseSalary!.value).toEqual({ '@type': 'QuantitativeValue', value: 25, unitText: 'HOUR' });
    expect(ld).not.toHaveProperty('validThrough');
  });
});

describe('mapping to schema.org', () => {
  it("maps the site's work types to Google's employment types by their words", () => {
    const cases: Array<[string, string, string]> = [
      ['full_time', 'Full time', 'FULL_TIME'],
      ['permanent', 'Permanent', 'FULL_TIME'],
      ['part_time', 'Part time', 'PART_TIME'],
      ['contract', 'Contract', 'CONTRACTOR'],
      ['freelance', 'Freelance', 'CONTRACTOR'],
      ['temporary', 'Temporary', 'TEMPORARY'],
      ['internship', 'Internship', 'INTERN'],
      ['volunteer', 'Volunteer', 'VOLUNTEER'],
      ['casual', 'Casual', 'PER_DIEM'],
      ['x1', 'Per diem', 'PER_DIEM'],
      ['fifo', 'Fly-in fly-out', 'OTHER'],
    ];
    for (const [value, label, google] of cases) expect(employmentTypeOf({ value, label }), value).toBe(google);
    expect(employmentTypeOf(null)).toBeUndefined();
  });

  it('reads town, region and country from the location line', () => {
    expect(placeOf('Boston, MA', null, 'en-US')).toEqual({ city: 'Boston', region: 'MA', country: 'US', remote: false });
    expect(placeOf('Perth, WA, Australia', 'US', 'en-US')).toEqual({ city: 'Perth', region: 'WA', country: 'Australia', remote: false });
    expect(placeOf('Leeds', 'GB', 'en-US')).toEqual({ city: 'Leeds', region: null, country: 'GB', remote: false });
    expect(placeOf('Remote (AU)', 'US', 'en-US')).toEqual({ city: null, region: null, country: 'AU', remote: true });
    expect(placeOf(null, null, 'fr')).toEqual({ city: null, region: null, country: null, remote: false });
    expect(countryOfLocale('en-au')).toBe('AU');
    expect(countryOfLocale('en')).toBeNull();
  });
});
