/** The routes this shell owns (spec part 1 §2). Later issues add theirs here. */
export const paths = {
  home: '/',
  login: '/login',
  loginLocal: '/login/local',
  loginInstitutional: '/login/idul',
  signup: '/signup',
  logout: '/logout',
  settings: '/settings',
  admin: '/admin',
  adminTools: '/admintools',
} as const;
