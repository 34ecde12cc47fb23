import { describe, expect, it } from 'vitest';
import { CsvMessages } from '../../../contracts/messages.ts';
import { CommunityMessages } from '../../../contracts/catalogs/community.ts';
import { ValidationError } from '../../core/errors.ts';
import { checkCsvFileName, checkUserRows, parseCsv, userCsvColumns, type ExistingAccount, type UserCsvRow } from './csv.ts';

const header = 'firstName,lastName,email,username,password';
const row = (index: number, values: Partial<Omit<UserCsvRow, 'index'>> = {}): UserCsvRow => ({
  index,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada${index}@school.example`,
  username: `ada${index}`,
  password: 'class-pass-1',
  ...values,
});

describe('parseCsv', () => {
  it('numbers rows as a spreadsheet does: header = 1, blank lines counted but skipped', () => {
    const rows = parseCsv(`${header}\r\nA,B,a@b.example,ab,pass1\r\n\r\n , , , , \r\nC,D,c@d.example,cd,pass1\r\n`, userCsvColumns);
    expect(rows.map((r) => [r.index, r.username])).toEqual([
      [2, 'ab'],
      [5, 'cd'],
    ]);
  });

  it('keeps quoted commas and trims cells; short rows give empty cells', () => {
    const [first, second] = parseCsv(`${header}\n"Marie, Anne", Curie ,m@c.example,mc,radium\nOnly,Two\n`, userCsvColumns);
    expect(first).toMatchObject({ firstName: 'Marie, Anne', lastName: 'Curie', password: 'radium' });
    expect(second).toMatchObject({ firstName: 'Only', lastName: 'Two', email: '', username: '', password: '' });
  });

  it('matches header names in any case and order, with a BOM', () => {
    const [first] = parseCsv('\uFEFFPASSWORD,User Name,E-mail,LastName,first_name\np,u1,e@x.example,L,F\n', userCsvColumns);
    expect(first).toEqual({ index: 2, firstName: 'F', lastName: 'L', email: 'e@x.example', username: 'u1', password: 'p' });
  });

  it('refuses a file without the columns or without rows', () => {
    expect(() => parseCsv('a,b,c\n1,2,3\n', userCsvColumns)).toThrow(ValidationError);
    expect(() => parseCsv(`${header}\n`, userCsvColumns)).toThrow(/no rows/);
    expect(() => parseCsv('', userCsvColumns)).toThrow(ValidationError);
  });
});

describe('checkCsvFileName', () => {
  it("accepts names ending in csv, refuses others with 'Please upload a csv file'", () => {
    expect(() => checkCsvFileName('class.CSV')).not.toThrow();
    for (const name of ['class.txt', 'csv.xlsx', '', undefined]) expect(() => checkCsvFileName(name)).toThrow(CommunityMessages.csvOnly);
  });
});

describe('checkUserRows', () => {
  const none = new Map<string, ExistingAccount>();

  it('passes good rows', () => {
    expect(checkUserRows([row(2), row(3)], none)).toEqual({ errors: [], notices: [] });
  });

  it('joins the messages of one row with ", " in the spec order', () => {
    const { errors } = checkUserRows([row(2, { firstName: '', lastName: '', email: 'nope', username: '9x', password: '12' })], none);
    expect(errors).toEqual([
      {
        index: 2,
        msg: [
          CsvMessages.firstNameMissing,
          CsvMessages.lastNameMissing,
          CsvMessages.emailInvalid,
          CsvMessages.userNameInvalid,
          CsvMessages.passwordTooShort,
        ].join(', '),
        // The same messages by code, for the web client to translate.
        messages: ['csv.firstNameMissing', 'csv.lastNameMissing', 'csv.emailInvalid', 'csv.userNameInvalid', 'csv.passwordTooShort'].map(
          (messageCode) => ({ messageCode }),
        ),
      },
    ]);
  });

  it('checks user name length bounds 2..50', () => {
    const { errors } = checkUserRows(
      [row(2, { username: 'a' }), row(3, { username: 'a'.repeat(51) }), row(4, { username: 'a'.repeat(50) })],
      none,
    );
    expect(errors).toEqual([
      { index: 2, msg: CsvMessages.userNameTooShort, messages: [{ messageCode: 'csv.userNameTooShort' }] },
      { index: 3, msg: CsvMessages.userNameTooLong, messages: [{ messageCode: 'csv.userNameTooLong' }] },
    ]);
  });

  it('flags every row of a user name repeated in the file, ignoring case', () => {
    const { errors } = checkUserRows([row(2, { username: 'sam' }), row(3), row(4, { username: 'SAM' })], none);
    expect(errors).toEqual([
      {
        index: 2,
        msg: CsvMessages.userNameRepeated('sam'),
        messages: [{ messageCode: 'csv.userNameRepeated', params: { userName: 'sam' } }],
      },
      {
        index: 4,
        msg: CsvMessages.userNameRepeated('SAM'),
        messages: [{ messageCode: 'csv.userNameRepeated', params: { userName: 'SAM' } }],
      },
    ]);
  });

  it('never enrols an existing account (same e-mail or not) and says nothing about it; members are a notice', () => {
    const existing = new Map<string, ExistingAccount>([
      ['same', { userId: 'u1', email: 'Same@School.example', member: false }],
      ['member', { userId: 'u2', email: 'm@school.example', member: true }],
      ['other', { userId: 'u3', email: 'other@else.example', member: false }],
    ]);
    const result = checkUserRows(
      [
        row(2, { username: 'Same', email: 'same@school.example', password: '' }),
        row(3, { username: 'member', email: 'm@school.example' }),
        row(4, { username: 'other', email: 'me@school.example' }),
      ],
      existing,
    );
    expect(result.errors).toEqual([
      { index: 2, msg: CsvMessages.accountExists('Same'), messages: [{ messageCode: 'csv.accountExists', params: { userName: 'Same' } }] },
      {
        index: 4,
        msg: CsvMessages.accountExists('other'),
        messages: [{ messageCode: 'csv.accountExists', params: { userName: 'other' } }],
      },
    ]);
    expect(result.notices).toEqual([
      {
        index: 3,
        msg: CsvMessages.alreadyMember('member'),
        messages: [{ messageCode: 'csv.alreadyMember', params: { userName: 'member' } }],
      },
    ]);
  });
});
