// Issue 14: what the operator back-office routes (/api/admin) answer, declared on the routes so
// /api/docs is generated from them and the admin screens read the same types.
import { z } from 'zod';
import { CLAIM_QUEUES, OPERATOR_ROLES } from '../admin-schemas.ts';
import { SENT_METHODS } from '../admin-schemas.ts';
import { CLAIM_STATUSES } from '../claim-status.ts';
import { HMRC_DECISIONS, RELIEF_GIVEN_AS } from '../hmrc-answers.ts';
import { operatorInvoiceSchema } from '../invoice-schemas.ts';
import type { SameType } from '../schema-basics.ts';
import type { JobYearFigures } from '../wizard-snapshot.ts';
import { jobBacklogSchema, rebateSummarySchema, yearFiguresSchema } from './responses.ts';

const claimStatus = z.enum(CLAIM_STATUSES);
const claimKind = z.enum(['general', 'mileage']);
/**
 * An audit event's detail: each action writes its own keys (filters, a field, the old and new
 * values, counts), and an event keeps the detail it was written with, so no one shape holds.
 */
const auditDetail = z.record(z.string(), z.unknown());

/** D35: one value of the sent or repaid record, as claim_hmrc_records keeps it. */
const hmrcRecordValues = {
  sent: z.object({
    on: z.string().describe('The UK date it was sent (YYYY-MM-DD)'),
    method: z.enum(SENT_METHODS),
    methodOther: z.string().nullable(),
    tracking: z.string().nullable(),
  }),
  repaid: z.object({
    pence: z.number().int().describe('What HMRC repaid'),
    on: z.string().describe('The UK date HMRC repaid (YYYY-MM-DD)'),
    feePence: z.number().int(),
    claimantPence: z.number().int(),
  }),
};

const pounds = z.number().describe('Pounds');

/** A job's figures in one year (figuresByJob), as the claim page shows them. */
const jobYearFiguresSchema = z.object({
  employmentId: z.string(),
  employerName: z.string(),
  vehicle: z.enum(['car-van', 'motorbike', 'bicycle']),
  miles: z.number(),
  allowance: pounds,
  employerPayment: pounds,
  paidKind: z.enum(['none', 'ppm', 'total', '']),
  paidPencePerMile: z.number(),
  paidTotalPounds: pounds,
});
const jobYearFiguresMatch: SameType<z.output<typeof jobYearFiguresSchema>, JobYearFigures> = true;
void jobYearFiguresMatch;

/** The figures recomputed from a mileage claim's snapshot: totals, then each year with its jobs. */
const claimMileageSchema = rebateSummarySchema
  .omit({ years: true })
  .extend({
    vehicle: z.enum(['car-van', 'motorbike', 'bicycle']),
    employerRatePence: z.number().nullable().describe('The one pence-a-mile rate every job was paid, if any'),
    years: z.array(
      yearFiguresSchema.extend({
        companyName: z.string().nullable().describe("The year's employers, joined"),
        employersConnected: z.enum(['yes', 'no']).nullable(),
        jobs: z.array(jobYearFiguresSchema),
      }),
    ),
  })
  .describe('The figures recomputed from the snapshot, by year and job');

/** D21, D31: the estimate at the rates the claimant gave, with each year's P60 figures where given. */
const claimEstimateSchema = z
  .object({
    low: pounds,
    high: pounds,
    scottish: z.boolean(),
    upperFigure: z.boolean().describe('D31: no P60 figures for at least one year'),
    years: z.array(
      z.object({
        year: z.string(),
        rates: z.array(z.number()).describe('The percentages the relief is worked out at'),
        low: pounds,
        high: pounds,
        upperFigure: z.boolean(),
        // D31's P60 figures; the page shows the estimate without them.
        cappedAtTaxPaid: z.boolean().optional(),
        taxablePay: z.number().nullable().optional(),
        taxPaid: z.number().nullable().optional(),
      }),
    ),
  })
  .describe('D21: the estimate at the rates the claimant gave');

export const operatorViewSchema = z
  .object({ id: z.uuid(), email: z.string(), name: z.string(), role: z.enum(OPERATOR_ROLES) })
  .meta({ id: 'OperatorView' });
export type OperatorView = z.infer<typeof operatorViewSchema>;

export const signInStartedSchema = z
  .object({
    next: z.enum(['code', 'enrol']).describe('The second factor to ask for'),
    csrfToken: z.string(),
  })
  .meta({ id: 'SignInStarted' });

export const signedInSchema = z
  .object({ operator: operatorViewSchema, csrfToken: z.string() })
  .meta({ id: 'SignedIn' });
export type SignedIn = z.infer<typeof signedInSchema>;

export const enrolmentSchema = z
  .object({
    qrCode: z.string().describe('A PNG data URL'),
    setupKey: z.string(),
    issuer: z.string(),
    account: z.string(),
  })
  .meta({ id: 'Enrolment' });

export const operatorListSchema = z
  .object({
    operators: z.array(
      operatorViewSchema.extend({
        disabled: z.boolean(),
        secondFactor: z.boolean(),
        locked: z.boolean(),
        lastSignIn: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'OperatorList' });

const ownerSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** D34: a claim's owner after an allocation change. */
export const claimOwnerSchema = z
  .object({ owner: ownerSchema.nullable(), allocatedAt: z.string().nullable() })
  .meta({ id: 'ClaimOwner' });

/** D34: the claim "Take next" gave the operator. */
export const takenClaimSchema = z
  .object({ id: z.string(), kind: claimKind, reference: z.string() })
  .meta({ id: 'TakenClaim' });

/** D34: 409 when a claim of an allocation was taken meanwhile: nothing changed. */
export const allocationConflictSchema = z
  .object({
    error: z.string(),
    taken: z
      .array(z.object({ id: z.string(), reference: z.string(), owner: z.string().nullable() }))
      .optional()
      .describe('The claims another operator took meanwhile'),
  })
  .meta({ id: 'AllocationConflict' });

export const claimsAllocatedSchema = z
  .object({ allocated: z.number().int(), owner: ownerSchema })
  .meta({ id: 'ClaimsAllocated' });

export const createdSchema = z.object({ id: z.uuid() }).meta({ id: 'Created' });

export const claimListItemSchema = z
  .object({
    id: z.string(),
    kind: claimKind,
    caseKinds: z
      .array(claimKind)
      .describe('D38: the kinds of claim in the case this row stands for (a case is listed once)'),
    followsCase: z
      .boolean()
      .describe('D38: the claim is worked with its case (listed on its own only in a search)'),
    reference: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.string(),
    submittedAt: z.string().nullable(),
    estimatedRebate: z.number().nullable(),
    affiliate: z.string().nullable(),
    selfAssessment: z.boolean().nullable(),
    readinessMissing: z.number().int(),
    owner: ownerSchema.nullable().describe('D34: who owns the claim; null in the unallocated pool'),
    lastActionAt: z.string().nullable().describe('The last operator or claimant action'),
    flags: z
      .object({
        replyReceived: z.boolean(),
        overdue: z
          .boolean()
          .describe('The reply-by date of an open information request has passed (UK date)'),
        selfAssessment: z.boolean(),
        readinessMissing: z.number().int(),
        authoritySuperseded: z.boolean(),
        possibleDuplicate: z
          .boolean()
          .describe('D38: another claim within 30 days shares the phone, email, NI number or person'),
        unreadMessages: z.number().int(),
      })
      .describe('D34: what needs the caseworker'),
    sentOn: z.string().nullable(),
    sentMethod: z.string().nullable(),
    repaidPence: z.number().int().nullable(),
    repaidOn: z.string().nullable(),
    feePence: z.number().int().nullable(),
    claimantPence: z.number().int().nullable(),
  })
  .meta({ id: 'ClaimListItem' });

export const claimListSchema = z
  .object({
    claims: z.array(claimListItemSchema),
    queue: z.enum(CLAIM_QUEUES),
    counts: z
      .object({ all: z.number().int(), unallocated: z.number().int(), mine: z.number().int() })
      .describe('D34: each queue’s count with the same filters; above countLimit it is countLimit + 1'),
    countLimit: z.number().int().describe('Issue 45: counts stop here; a count above it means more than it'),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int().nullable().describe('Null when the total is above countLimit'),
    hasMore: z.boolean().describe('Whether a page follows this one'),
  })
  .meta({ id: 'ClaimList' });

export const claimWorkflowSchema = z
  .object({
    status: z.string().describe("A claim status, or 'draft'"),
    statusLabel: z.string(),
    version: z.number().int(),
    allowedMoves: z.array(claimStatus),
    repaidPence: z.number().int().nullable(),
    feePence: z.number().int().nullable(),
    claimantPence: z.number().int().nullable(),
    sentOn: z.string().nullable().describe('D35: the UK date the claim was sent to HMRC'),
    sentMethod: z.string().nullable().describe("'post' or 'other'"),
    sentMethodOther: z.string().nullable(),
    sentTracking: z.string().nullable(),
    repaidOn: z.string().nullable().describe('D35: the UK date HMRC repaid'),
  })
  .meta({ id: 'ClaimWorkflow' });

/** 409 on a status change: an illegal move, a claim not ready for HMRC, or a stale version. */
export const statusConflictSchema = z
  .object({
    error: z.string(),
    allowed: z.array(claimStatus).optional(),
    missing: z.array(z.string()).optional().describe('The P87 answers still missing'),
    stale: z.literal(true).optional(),
    version: z.number().int().optional(),
    status: z.string().optional(),
  })
  .meta({ id: 'StatusConflict' });

const text = z.string().nullable();

/** The claim detail's parts both kinds share, then what each kind adds (D22). */
/** D40: one version of HMRC's answer for a year of the case. */
const yearAnswerVersionSchema = z.object({
  year: z.string(),
  version: z.number().int().describe('1 for the first answer, then one more per correction'),
  decision: z.enum(HMRC_DECISIONS),
  pence: z.number().int().nullable().describe('What HMRC gives for the year; null when refused or SA'),
  givenAs: z.enum(RELIEF_GIVEN_AS).nullable(),
  decidedOn: z.string().describe('The UK date of HMRC’s decision (YYYY-MM-DD)'),
  hmrcReason: z.string(),
  correctionReason: text.describe('An admin’s reason for a correction; null for the first'),
  operator: text.describe('Null for an answer folded from an older whole-claim record'),
  createdAt: z.string(),
});

/** D40: each year of the case with HMRC's current answer and every version, and the money. */
export const hmrcYearsSchema = z.object({
  caseId: z.string(),
  years: z.array(
    z.object({
      year: z.string(),
      claimedPence: z
        .number()
        .int()
        .nullable()
        .describe('The year’s expenses across the case; null for a year it no longer claims'),
      current: yearAnswerVersionSchema.nullable(),
      history: z.array(yearAnswerVersionSchema).describe('Every version, oldest first'),
    }),
  ),
  money: z
    .object({
      repaidPence: z.number().int(),
      taxCodePence: z.number().int(),
      feeBasePence: z.number().int().describe('D41: what the fee is worked out on'),
      feeOn: z.string().describe('D41: what the fee is worked out on, in words'),
      feePence: z.number().int(),
      claimantPence: z.number().int(),
    })
    .describe(
      'D40, D20: the fee is worked out on what HMRC repaid; none on tax-code relief unless charged (D41)',
    ),
});

const hmrcRecordFields = { id: z.string(), reason: text, operator: text, created_at: z.string() };

const claimDetailCommon = {
  id: z.string(),
  reference: z.string(),
  submittedAt: text,
  workflow: claimWorkflowSchema,
  readiness: z.array(z.object({ field: z.string(), label: z.string() })).describe('What the P87 still lacks'),
  taxYears: z
    .array(z.string())
    .describe('Issue 44: the tax years the claim covers, which a request for information may name'),
  signedMatch: z.boolean().nullable().describe('Does the stored claim still hash to what was signed?'),
  files: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      taxYear: text,
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      url: z.string(),
    }),
  ),
  authorities: z
    .array(
      z.object({
        id: z.string(),
        filename: z.string(),
        url: z.string(),
        signedAt: z.string(),
        current: z.boolean().describe('The authority the claim stands on; every earlier one is superseded'),
      }),
    )
    .describe('D32: every signed authority, oldest first; an amendment adds one and supersedes the rest'),
  history: z.array(
    z.object({
      id: z.string(),
      from_status: z.string(),
      to_status: z.string(),
      reason: text,
      created_at: z.string(),
      operator: text,
    }),
  ),
  notes: z.array(z.object({ id: z.string(), body: z.string(), created_at: z.string(), operator: text })),
  edits: z
    .array(
      z.object({
        id: z.string(),
        field: z.string(),
        label: z.string(),
        oldValue: text.describe('As shown; an NI number masked'),
        newValue: text,
        reason: z.string(),
        operator: text,
        createdAt: z.string(),
      }),
    )
    .describe('D32: the answers operators completed or corrected, oldest first'),
  owner: ownerSchema.extend({ role: z.string().nullable() }).nullable().describe('D34: who owns the claim'),
  allocatedAt: text,
  worksWithCase: z
    .object({ id: z.string(), reference: z.string(), status: z.string() })
    .nullable()
    .describe(
      'D38: the case this claim is worked with (its first claim), when the claim follows it: its status, owner, thread and HMRC answers are the case’s',
    ),
  hmrcRecords: z
    .array(
      z.discriminatedUnion('record', [
        z.object({ ...hmrcRecordFields, record: z.literal('sent'), value: hmrcRecordValues.sent }),
        z.object({ ...hmrcRecordFields, record: z.literal('repaid'), value: hmrcRecordValues.repaid }),
      ]),
    )
    .describe('D35: every value of the sent and repaid records, oldest first'),
  hmrcYears: hmrcYearsSchema,
  invoice: operatorInvoiceSchema.describe(
    'D41: the case’s invoice for the fee, or why none can be issued yet',
  ),
  possibleDuplicates: z.array(
    z.object({
      id: z.string(),
      kind: claimKind,
      reference: z.string(),
      submittedAt: z.string(),
      reasons: z.array(z.enum(['phone', 'email', 'ni-number', 'person'])),
    }),
  ),
  case: z
    .object({
      others: z
        .array(
          z.object({
            id: z.string(),
            kind: claimKind,
            reference: text.describe('A draft mileage claim has none yet'),
            status: z.string(),
          }),
        )
        .describe('The other claims of the claimant’s case'),
      years: z.array(
        z.object({
          year: z.string(),
          amounts: z
            .array(z.object({ kind: z.string(), label: z.string(), pence: z.number().int() }))
            .describe(
              'Each kind the year holds, in pence: mileage after employer payments, then the details’',
            ),
          pence: z
            .number()
            .int()
            .describe('The year’s total across the case: what the £2,500 limit is measured on'),
          route: z.enum(['p87', 'self-assessment']),
          answersDiffer: z
            .boolean()
            .describe('The two claims answer the year’s income questions differently: ask which is right'),
        }),
      ),
    })
    .nullable()
    .describe(
      'Issue 42 (D38): the claimant’s case when it holds more than this claim; each year across kinds',
    ),
  audit: z.array(
    z.object({
      id: z.string(),
      actor: z.string().describe("The operator's id, or 'anonymous'"),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string(),
      detail: text.describe('JSON text'),
      created_at: z.string(),
      operator: text,
    }),
  ),
};
const tracking = {
  affiliate: text,
  utm: z.record(z.string(), z.string()).nullable(),
  fullUrl: text,
  ipAddress: text,
  userAgent: text,
  signedAt: text,
};

/** Every stored field, grouped; the groups after `tracking` are a mileage claim's only. */
export const claimDetailSchema = z
  .object({
    ...claimDetailCommon,
    kind: claimKind,
    claimant: z.union([
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string(),
        niNumberMasked: z.null(),
      }),
      z.object({
        title: text,
        firstName: text,
        lastName: text,
        dateOfBirth: text,
        email: text,
        phone: text,
        address: text,
        postcode: text,
        niNumberMasked: text.describe('All but the last characters hidden; POST …/ni-number shows it'),
      }),
    ]),
    tracking: z.object({ ...tracking, signedIp: text.optional(), signedUserAgent: text.optional() }),
    general: z
      .object({ selectedExpenses: z.array(z.string()), earnsOver18k: z.boolean().nullable() })
      .optional(),
    employment: z
      .object({
        drivesForWork: text,
        companyVehicleVrm: text,
        employmentType: text,
        employerName: text,
        businessName: text,
      })
      .optional(),
    employments: z
      .array(
        z.object({
          id: z.string(),
          employerName: z.string(),
          payeReference: text,
          jobTitle: z.string(),
          continuing: z.boolean().nullable(),
          endDate: text,
        }),
      )
      .optional(),
    estimate: claimEstimateSchema.optional(),
    mileage: claimMileageSchema.optional(),
    journeys: z
      .array(
        z.object({
          id: z.string(),
          startAddress: z.string(),
          endAddress: z.string(),
          frequency: z.string(),
          tripType: z.string(),
          reason: z.string(),
          customReason: z.string(),
          distance: z.number().nullable().describe('Miles'),
          date: z.string().optional().describe('A one-off journey’s ISO date'),
          employmentId: z.string().optional().describe('The employment it was for (D25)'),
        }),
      )
      .optional()
      .describe('The journeys as saved'),
    workplaces: z
      .array(
        z.object({
          place: z.string().describe('The postcode of a regular place the journeys go to'),
          answers: z.array(z.object({ question: z.string(), answer: z.string() })),
          outcome: z
            .object({
              counts: z.enum(['all', 'none', 'until', 'from']),
              rule: z.string(),
              reason: z.string(),
              sources: z.array(z.string()),
              changesOn: z.string().nullable(),
            })
            .nullable(),
          problems: z.array(z.string()),
          leftOutJourneys: z.array(z.number()).describe('The numbers of the journeys left out'),
          mileageStep: z
            .object({
              year: z.string(),
              employmentId: z.string(),
              miles: z.number().describe('Miles driven between home and the place that year'),
              leftOutMiles: z
                .number()
                .nullable()
                .describe('Of them, the miles left out; null while undecided'),
            })
            .optional()
            .describe('Decision 084: a place answered on the mileage step, not a journeys’ destination'),
        }),
      )
      .optional()
      .describe(
        'D39: the business-journey test, each place with its answers and outcome (decisions 077, 084)',
      ),
  })
  .describe('Every stored field, grouped, with the figures recomputed by the domain')
  .meta({ id: 'ClaimDetail' });

/** D32: an answer completed or corrected; the claim's new version and what the P87 still lacks. */
export const claimEditedSchema = z
  .object({
    id: z.string(),
    workflow: claimWorkflowSchema,
    readiness: z.array(z.object({ field: z.string(), label: z.string() })),
  })
  .meta({ id: 'ClaimEdited' });

export const niNumberSchema = z.object({ niNumber: z.string() }).meta({ id: 'NiNumber' });

export const affiliateReportSchema = z
  .object({
    affiliates: z.array(
      z.object({
        affiliate: z.string(),
        started: z.number().int(),
        submitted: z.number().int(),
        byStatus: z.record(z.string(), z.number().int()),
        estimatedTotal: z.number(),
        repaidPence: z.number().int(),
        conversion: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'AffiliateReport' });

export const auditPageSchema = z
  .object({
    events: z.array(
      z.object({
        id: z.string(),
        actor: z.string(),
        operator: z.string().nullable(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string(),
        subject: z
          .string()
          .nullable()
          .describe("What the event is about by name: a claim's reference, an operator's name"),
        detail: auditDetail.nullable(),
        at: z.string(),
      }),
    ),
    page: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'AuditPage' });

export const callBackListSchema = z
  .object({
    callBacks: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        phone: z.string(),
        topic: z.string(),
        requestedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'CallBackList' });

export const failedJobsSchema = z
  .object({
    retrying: z.number().int().describe('Jobs waiting for another try'),
    // Due jobs not yet running: over its limit, jobs run late (decision 036).
    backlog: jobBacklogSchema,
    failed: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
        failedAt: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'FailedJobs' });

// The types the back-office screens read, inferred from the schemas above.
export type OperatorListItem = z.infer<typeof operatorListSchema>['operators'][number];
export type Enrolment = z.infer<typeof enrolmentSchema>;
export type ClaimListItem = z.infer<typeof claimListItemSchema>;
export type ClaimList = z.infer<typeof claimListSchema>;
export type ClaimDetail = z.infer<typeof claimDetailSchema>;
export type ClaimOwner = z.infer<typeof claimOwnerSchema>;
export type AllocationConflict = z.infer<typeof allocationConflictSchema>;
export type AffiliateReport = z.infer<typeof affiliateReportSchema>;
export type AffiliateReportRow = AffiliateReport['affiliates'][number];
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditEvent = AuditPage['events'][number];
export type CallBackItem = z.infer<typeof callBackListSchema>['callBacks'][number];
export type FailedJobs = z.infer<typeof failedJobsSchema>;
export type FailedJob = FailedJobs['failed'][number];
