// A journey in a real browser against the real server takes longer than a unit test.
jest.setTimeout(180_000);
