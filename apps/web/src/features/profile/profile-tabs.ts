/**
 * The tabs of `/auth/profile/$tab`. The signed-in password change is `security`: `/auth/profile/password` is the
 * spec's blank page for setting a password from an emailed link, and its static route shadows that tab name.
 */
export const profileTabs = ['account', 'security', 'settings'] as const;
export type ProfileTab = (typeof profileTabs)[number];

export const isProfileTab = (tab: string): tab is ProfileTab => (profileTabs as readonly string[]).includes(tab);
