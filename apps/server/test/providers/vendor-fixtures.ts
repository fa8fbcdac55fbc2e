// Vendor answers, shaped like the real APIs, shared by the adapter and route tests.

// Answers shaped like api.ideal-postcodes.co.uk /v1/postcodes/{postcode}.
export const IDEAL_SUCCESS = {
  result: [
    {
      postcode: 'SW1A 2AA',
      post_town: 'LONDON',
      line_1: 'Prime Minister & First Lord of the Treasury',
      line_2: '10 Downing Street',
      line_3: '',
      organisation_name: 'Prime Minister & First Lord of the Treasury',
      department_name: '',
      premise: '10',
      udprn: 23747771,
      county: 'London',
      postal_county: 'London',
      traditional_county: 'Greater London',
      district: 'Westminster',
    },
    {
      postcode: 'SW1A 2AA',
      post_town: 'LONDON',
      line_1: 'Flat 1',
      line_2: '10 Downing Street',
      line_3: 'Whitehall',
      organisation_name: '',
      udprn: 23747772,
      county: 'London',
      postal_county: 'London',
      traditional_county: 'Greater London',
    },
  ],
  code: 2000,
  message: 'Success',
};
export const IDEAL_NOT_FOUND = { code: 4040, message: 'Postcode not found', suggestions: [] };
export const IDEAL_BAD_KEY = { code: 4010, message: 'Invalid Key. Please provide a valid API Key' };

// Answers shaped like Fetchify (Crafty Clicks) rapidaddress with response=data_formatted.
export const FETCHIFY_SUCCESS = {
  delivery_points: [
    {
      organisation_name: 'ACME LTD',
      department_name: 'SALES',
      line_1: 'UNIT 4',
      line_2: 'MILL LANE',
      udprn: '12345678',
      dps: '1A',
    },
    {
      organisation_name: '',
      department_name: '',
      line_1: '6 MILL LANE',
      line_2: '',
      udprn: '12345679',
      dps: '1B',
    },
  ],
  delivery_point_count: 2,
  postal_county: 'LANCASHIRE',
  traditional_county: 'LANCASHIRE',
  town: 'WIGAN',
  postcode: 'WN2 1AR',
};
export const FETCHIFY_NOT_FOUND = { error_code: '0001', error_msg: 'Postcode not found' };
export const FETCHIFY_BAD_KEY = { error_code: '8000', error_msg: 'Invalid or no access token' };

// Google Routes computeRouteMatrix: a JSON array of elements (index 0 left out, as proto3 JSON does).
export const GOOGLE_SUCCESS = [
  { status: {}, distanceMeters: 56327, duration: '2873s', condition: 'ROUTE_EXISTS' },
];
export const GOOGLE_ROUTE_NOT_FOUND = [{ status: {}, condition: 'ROUTE_NOT_FOUND' }];
export const GOOGLE_BAD_ADDRESS = [
  { status: { code: 3, message: 'Waypoint could not be geocoded.' }, condition: 'ROUTE_NOT_FOUND' },
];
export const GOOGLE_BAD_KEY = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
  },
};
export const GOOGLE_DENIED = {
  error: {
    code: 403,
    message: 'Routes API has not been used in project 1 before or it is disabled.',
    status: 'PERMISSION_DENIED',
  },
};

// OSRM /route/v1/driving.
export const OSRM_SUCCESS = {
  code: 'Ok',
  routes: [{ distance: 56327.4, duration: 2873.2, weight: 2873.2, weight_name: 'routability', legs: [] }],
  waypoints: [],
};
export const OSRM_NO_ROUTE = { code: 'NoRoute', message: 'Impossible route between points' };

// Twilio Messages.json.
export const TWILIO_CREATED = {
  sid: 'SM0123456789abcdef0123456789abcdef',
  status: 'queued',
  to: '+447700900123',
  from: '+447700900000',
};
export const TWILIO_BAD_CREDENTIALS = {
  code: 20003,
  message: 'Authenticate',
  more_info: 'https://www.twilio.com/docs/errors/20003',
  status: 401,
};
