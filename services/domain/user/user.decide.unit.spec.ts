import { describe, expect, it } from 'vitest';
import type { UserEvent, UserRegistered } from '../../../contracts/events/user.ts';
import { Messages } from '../../../contracts/catalogs/messages.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { userDecider, type RegisterUser } from './user.decide.ts';
import { userNameClaimDecider } from './userNameClaim.ts';

const spec = deciderSpec(userDecider);
const userId = '64b000000000000000000001';

const registration: RegisterUser['data'] = {
  userId,
  userName: 'marie.curie',
  email: ' Marie@Example.org ',
  firstName: ' Marie ',
  lastName: 'Curie',
  passwordHash: '$argon2id$v=19$fake',
  role: 'user',
  lang: 'fr',
  provider: 'local',
};
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { ...registration, email: 'marie@example.org', firstName: 'Marie' },
};

describe('user decider', () => {
  describe('RegisterUser', () => {
    it('registers a new user with a trimmed, lower-cased email', () => {
      spec.given([]).when({ type: 'RegisterUser', data: registration }).then([registered]);
    });

    it.each([
      ['a', Messages.userNameTooShort, 'messages.userNameTooShort'],
      ['x'.repeat(51), Messages.userNameTooLong, 'messages.userNameTooLong'],
      ['1abc', Messages.userNameInvalid, 'messages.userNameInvalid'],
      ['ab cd', Messages.userNameInvalid, 'messages.userNameInvalid'],
      ['', Messages.userNameRequired, 'messages.userNameRequired'],
    ])('refuses the userName %j with the spec message and its code', (userName, message, messageCode) => {
      const error = spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, userName } })
        .thenThrows(ValidationError, message);
      expect((error as ValidationError).errors).toEqual([{ field: 'userName', message, messageCode }]);
    });

    it('accepts letters, digits and ._@- after a first letter', () => {
      const data = { ...registration, userName: 'a.b_c@d-9' };
      spec
        .given([])
        .when({ type: 'RegisterUser', data })
        .then([{ type: 'UserRegistered', data: { ...data, email: 'marie@example.org', firstName: 'Marie' } }]);
    });

    it('refuses an invalid email and blank names', () => {
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, email: 'nope' } })
        .thenThrows(ValidationError, Messages.emailInvalid);
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, firstName: '  ' } })
        .thenThrows(ValidationError, Messages.firstNameRequired);
      spec
        .given([])
        .when({ type: 'RegisterUser', data: { ...registration, lastName: '' } })
        .thenThrows(ValidationError, Messages.lastNameRequired);
    });

    it('refuses to register the same user twice', () => {
      spec.given([registered]).when({ type: 'RegisterUser', data: registration }).thenThrows(IllegalStateError);
    });
  });

  describe('when registered', () => {
    it('changes the password', () => {
      spec
        .given([registered])
        .when({ type: 'ChangePassword', data: { passwordHash: 'new', by: 'self' } })
        .then([{ type: 'UserPasswordChanged', data: { userId, passwordHash: 'new', by: 'self' } }]);
    });

    it('changes the language once, and not to an unknown one', () => {
      spec
        .given([registered])
        .when({ type: 'ChangeLanguage', data: { lang: 'en' } })
        .then([{ type: 'UserLanguageChanged', data: { userId, lang: 'en' } }]);
      spec
        .given([registered])
        .when({ type: 'ChangeLanguage', data: { lang: 'fr' } })
        .thenNothingHappens();
      spec
        .given([registered])
        .when({ type: 'ChangeLanguage', data: { lang: 'xx' as 'fr' } })
        .thenThrows(ValidationError);
    });

    it('promotes to admin only when not already admin', () => {
      const promoted: UserEvent = { type: 'UserRoleChanged', data: { userId, role: 'admin' } };
      spec
        .given([registered])
        .when({ type: 'ChangeRole', data: { role: 'admin' } })
        .then([promoted]);
      spec
        .given([registered, promoted])
        .when({ type: 'ChangeRole', data: { role: 'admin' } })
        .thenNothingHappens();
    });

    it('blocks and unblocks login', () => {
      const blocked: UserEvent = { type: 'UserLoginBlocked', data: { userId } };
      spec
        .given([registered])
        .when({ type: 'SetLoginBlocked', data: { blocked: true } })
        .then([blocked]);
      spec
        .given([registered, blocked])
        .when({ type: 'SetLoginBlocked', data: { blocked: true } })
        .thenNothingHappens();
      spec
        .given([registered, blocked])
        .when({ type: 'SetLoginBlocked', data: { blocked: false } })
        .then([{ type: 'UserLoginUnblocked', data: { userId } }]);
    });

    it('updates only the profile fields given', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateProfile', data: { lastName: ' Skłodowska ' } })
        .then([{ type: 'UserProfileUpdated', data: { userId, lastName: 'Skłodowska' } }]);
      spec.given([registered]).when({ type: 'UpdateProfile', data: {} }).thenNothingHappens();
    });
  });

  describe('when not registered', () => {
    it('refuses every change', () => {
      spec
        .given([])
        .when({ type: 'ChangePassword', data: { passwordHash: 'x', by: 'self' } })
        .thenThrows(NotFoundError);
      spec
        .given([])
        .when({ type: 'ChangeRole', data: { role: 'admin' } })
        .thenThrows(NotFoundError);
    });
  });
});

describe('user name claim decider', () => {
  const claim = deciderSpec(userNameClaimDecider);
  const claimed = { type: 'UserNameClaimed' as const, data: { userName: 'Marie', userId } };
  const other = '64b000000000000000000002';

  it('claims a free name', () => {
    claim
      .given([])
      .when({ type: 'ClaimUserName', data: { userName: 'Marie', userId, currentOwnerRegistered: false } })
      .then([claimed]);
  });

  it('refuses a name owned by a registered user, naming the field', () => {
    const error = claim
      .given([claimed])
      .when({ type: 'ClaimUserName', data: { userName: 'MARIE', userId: other, currentOwnerRegistered: true } })
      .thenThrows(ConflictError, Messages.userNameTaken);
    expect((error as ConflictError).errors?.[0]?.field).toBe('userName');
  });

  it('takes over a claim whose registration never happened', () => {
    claim
      .given([claimed])
      .when({ type: 'ClaimUserName', data: { userName: 'marie', userId: other, currentOwnerRegistered: false } })
      .then([{ type: 'UserNameClaimed', data: { userName: 'marie', userId: other } }]);
  });
});
