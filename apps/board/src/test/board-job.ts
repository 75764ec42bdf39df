/**
 * A board job as `GET /portal/v1/board/jobs/:id` answers it: a live internal-apply job of "Harbour Kitchen" with no
 * screening questions. Tests pass what their page depends on (questions, apply type) as overrides.
 */
export function boardJob(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: 'Line cook',
    employer: { name: 'Harbour Kitchen', logo_url: null, website: null },
    location: 'Sydney',
    work_type: null,
    classification: null,
    pay: null,
    summary: '',
    key_selling_points: [],
    featured: false,
    published_at: '2025-03-10T09:00:00.000Z',
    expires_at: null,
    reference_number: null,
    description: '<p>Cook things.</p>',
    banner_url: null,
    links: [],
    apply: { type: 'internal', url: null, email: null },
    screening_questions: [],
    json_ld: {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Line cook',
      description: '<p>Cook things.</p>',
      datePosted: '2025-03-10',
      hiringOrganization: { '@type': 'Organization', name: 'Harbour Kitchen' },
      identifier: { '@type': 'PropertyValue', name: 'Harbour Kitchen', value: id },
      directApply: true,
    },
    ...overrides,
  };
}
