// The example claims shared with the server's tests (one builder, in the domain).
export { DATE_OF_BIRTH, employment, jobYear, mileageSnapshot } from '@taxback/domain/test/example-snapshots';
