// D13: marketing copy and contact details in one place, SPEC.md's values as defaults. Plain data
// so the landing page can import it without zod or React. A deployment edits this module (or the
// server overrides marketingSiteUrl from MARKETING_SITE_URL).
// D28: every figure here is true today and stated once: rates are read from the AMAP table for
// the year meant, one average claim, one refund time, one fee statement (SPEC's "No fees", D20).
import { amapRatesFor, carVanRateSentence } from './mileage.ts';
import { formatNumber } from './number-format.ts';
import { claimableTaxYears, taxYearFromStartYear, type TaxYear } from './tax-years.ts';

/** The latest tax year the service offers, as of `today` (the current one, D21). */
function currentYear(today: Date = new Date()): TaxYear {
  return claimableTaxYears(today)[0]?.year ?? taxYearFromStartYear(today.getFullYear());
}

export interface Testimonial {
  id: string;
  name: string;
  title: string;
  quote: string;
  rating: 1 | 2 | 3 | 4 | 5;
  image: string | null;
  /** Sample copy for development; a real deployment replaces it with real reviews. */
  sample: boolean;
}

export interface BenefitCard {
  id: string;
  title: string;
  body: string;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface TimelineEntry {
  id: string;
  title: string;
  duration: string;
}

const testimonials: Testimonial[] = [
  {
    id: 'sample-1',
    name: 'Sarah M.',
    title: 'Community nurse, Wigan',
    quote:
      'I drive between patients every day and had no idea I could claim the difference. The form took ten minutes and the refund arrived just before Christmas.',
    rating: 5,
    image: null,
    sample: true,
  },
  {
    id: 'sample-2',
    name: 'James T.',
    title: 'Field sales engineer, Stockport',
    quote:
      'My employer only paid 25p a mile. They worked out what I was owed for four years and kept me updated the whole way.',
    rating: 5,
    image: null,
    sample: true,
  },
  {
    id: 'sample-3',
    name: 'Priya K.',
    title: 'Care worker, Leeds',
    quote: 'Clear, friendly and no hidden charges. I uploaded my mileage log on my phone in my lunch break.',
    rating: 4,
    image: null,
    sample: true,
  },
  {
    id: 'sample-4',
    name: 'Daniel R.',
    title: 'Electrician, Bolton',
    quote:
      'I thought claiming back tax would mean piles of paperwork. They built the mileage log for me from my regular site visits.',
    rating: 5,
    image: null,
    sample: true,
  },
];

const REFUND_WEEKS = '8-10 weeks';
const AVERAGE_CLAIM_GBP = 1250;

const benefits: BenefitCard[] = [
  {
    id: 'no-fees',
    title: 'No fees',
    body: 'We charge nothing for our service. Checking if you qualify takes under a minute.',
  },
  {
    id: 'we-do-the-paperwork',
    title: 'We do the paperwork',
    body: 'We prepare your claim, deal with HMRC as your agent and keep you updated until it is paid.',
  },
  {
    id: 'paid-by-hmrc',
    title: 'HMRC pays you directly',
    body: `HMRC usually repays within ${REFUND_WEEKS} of receiving your claim.`,
  },
];

function faqs(year: TaxYear): FaqItem[] {
  return [
    {
      id: 'who-can-claim',
      question: 'Who can claim a tax refund?',
      answer:
        'Most UK employees who pay tax through PAYE and spend their own money on things they need for work, such as business mileage in their own vehicle, uniforms, tools or professional fees.',
    },
    {
      id: 'how-much',
      question: 'How much could I get back?',
      answer: `It depends on your expenses and your tax rate. The average claim is around £${formatNumber(AVERAGE_CLAIM_GBP)}. You can claim for the current tax year and the four before it.`,
    },
    {
      id: 'how-long',
      question: 'How long does it take?',
      answer: `Once we have sent your claim, HMRC usually repays within ${REFUND_WEEKS}. We keep you updated at every stage.`,
    },
    {
      id: 'mileage-rates',
      question: 'How is a mileage rebate worked out?',
      answer: `HMRC's approved rate for a car or van is ${carVanRateSentence(year)} (${amapRatesFor(year).motorbike.pencePerMile}p for motorbikes, ${amapRatesFor(year).bicycle.pencePerMile}p for bicycles). If your employer pays less, you can claim tax relief on the difference. If your employer pays more, the extra is taxable. Tax relief cannot be more than the income tax you paid in the year.`,
    },
    {
      id: 'commuting',
      question: 'Does my commute count as business travel?',
      answer:
        'No. Ordinary travel between home and your permanent workplace does not count. Trips to clients, other sites, training or a temporary workplace usually do.',
    },
    {
      id: 'evidence',
      question: 'What evidence do I need?',
      answer:
        'A mileage log, diary or expense records for each tax year. If you do not have one, you can build a log from your regular journeys in a few minutes.',
    },
  ];
}

export const CONTENT = {
  brandName: 'TaxBack',
  // Our phone number, review rating and total claimed are configuration (PHONE_NUMBER,
  // REVIEW_RATING, TOTAL_CLAIMED; site-settings.ts), shown only when set (issue 32).
  supportHours: 'Mon-Fri 9am-5pm',
  /** One average-claim figure for every page (D28). */
  averageClaim: AVERAGE_CLAIM_GBP,
  /** One refund time for every page (D28): from HMRC receiving the claim to its repayment. */
  refundWeeks: REFUND_WEEKS,
  marketingSiteUrl: 'https://www.example.com',
  testimonials,
  benefits,
  faqs: faqs(currentYear()),
  /** The car and van rate for the current tax year, read from the AMAP table (D21). */
  carVanRate: carVanRateSentence(currentYear()),
  /** SPEC §4 timeline shown on the confirmation screen. */
  timeline: [
    { id: 'review', title: 'We review your claim', duration: '2-3 days' },
    { id: 'submit', title: 'We submit your claim to HMRC', duration: 'Within about 1 week' },
    { id: 'processing', title: 'HMRC processes your claim', duration: `Usually ${REFUND_WEEKS}` },
    { id: 'paid', title: 'HMRC pays you directly', duration: 'When HMRC has processed your claim' },
  ] satisfies TimelineEntry[],
} as const;

export type Content = typeof CONTENT;
