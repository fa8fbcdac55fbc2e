// The example claims shared with the Playwright specs (one builder, in the domain).
export {
  DATE_OF_BIRTH,
  employment,
  jobYear as job,
  mileageSnapshot,
} from '@taxback/domain/test/example-snapshots';
