-- Up Migration
-- The users read model keeps the bank's code with the bank details. Details saved before codes
-- were kept name one of the spec's 20 banks (the only names accepted then); their rows get the
-- code the projector now gives them (the ledger's `bankCodeOf`), so a rebuild gives the same rows.
ALTER TABLE users ADD COLUMN bank_code text;

UPDATE users u SET bank_code = b.code
FROM (VALUES
  ('Access Bank', '044'),
  ('Citibank Nigeria', '023'),
  ('Ecobank Nigeria', '050'),
  ('Fidelity Bank', '070'),
  ('Fairmoney Bank', '51318'),
  ('First Bank of Nigeria', '011'),
  ('Guaranty Trust Bank', '058'),
  ('Keystone Bank', '082'),
  ('Kuda Bank', '50211'),
  ('Moniepoint Bank', '50515'),
  ('Opay Bank', '999992'),
  ('PalmPay Bank', '999991'),
  ('Polaris Bank', '076'),
  ('Stanbic IBTC Bank', '221'),
  ('Sterling Bank', '232'),
  ('Union Bank of Nigeria', '032'),
  ('United Bank for Africa', '033'),
  ('Unity Bank', '215'),
  ('Wema Bank', '035'),
  ('Zenith Bank', '057')
) AS b(name, code)
WHERE u.bank_name = b.name AND u.bank_code IS NULL;

-- Down Migration
ALTER TABLE users DROP COLUMN bank_code;
