/**
 * A regional list's filters' widths from the small breakpoint up. At 1440 px the search, the project, region and tag
 * filters and one of the page's own (a security group's network) stand in one row: wider, the page's own filter
 * wrapped to a line of its own.
 */
export const FILTER_WIDTHS = { search: 250, organizations: 200, projects: 210, regions: 190, tag: 240, own: 210 }
