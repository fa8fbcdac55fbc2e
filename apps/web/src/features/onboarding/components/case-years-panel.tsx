import { caseYearRows, formatMoney, formatPence, type CaseYears } from '@taxback/domain';

/**
 * Issue 42 (D38): the claimant's whole claim, year by year: the mileage and the work expenses they
 * gave in their details, each year's total (what HMRC's £2,500 limit is measured on, D31) and how
 * HMRC takes it, then the estimate across every kind. The operator's page lists the same rows.
 */
export function CaseYearsPanel({ figures }: { figures: CaseYears }) {
  return (
    <section
      aria-labelledby="case-years-title"
      className="space-y-3 rounded-lg border-2 border-gray-300 p-4"
      data-testid="case-years"
    >
      <h2 id="case-years-title" className="text-xl">
        Your whole claim, year by year
      </h2>
      <p>
        HMRC looks at each tax year’s work expenses together: this mileage and the expenses you told us about
        in your details are one claim with us.
      </p>
      <ul className="space-y-3">
        {caseYearRows(figures.years).map((y) => {
          const id = `case-year-${y.year.replace('/', '-')}`;
          return (
            <li key={y.year} data-testid={id}>
              <h3 className="font-bold">{y.year}</h3>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
                {y.amounts.map((a) => (
                  <div key={a.kind} className="contents">
                    <dt>{a.label}</dt>
                    <dd className="text-right">{formatPence(a.pence)}</dd>
                  </div>
                ))}
                <div className="contents">
                  <dt className="font-semibold">Year’s total</dt>
                  <dd className="text-right font-semibold" data-testid={`${id}-total`}>
                    {formatPence(y.pence)}
                  </dd>
                </div>
                <div className="contents">
                  <dt>How HMRC takes it</dt>
                  <dd className="text-right" data-testid={`${id}-route`}>
                    {y.route === 'p87' ? 'Form P87' : 'Self Assessment tax return'}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
      <p className="text-lg">
        Estimated tax relief across your whole claim:{' '}
        <strong data-testid="case-estimate">{formatMoney(figures.total.low)}</strong>
      </p>
    </section>
  );
}
