// The browser tells the site its time zone (issue 33): a visitor's pages are shown in it from
// the next page on (accounts.profiles.middleware; India's until then). A member's choice on
// their profile wins over it. Sign-up's zone list starts at the browser's zone.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
// Zone names are letters, digits and _ + - /: nothing a cookie must escape.
if (/^[A-Za-z0-9_+\/-]{1,64}$/.test(zone) && !document.cookie.split("; ").includes(`tz=${zone}`)) {
  document.cookie = `tz=${zone}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
for (const field of document.querySelectorAll("select[data-browser-zone]")) {
  if ([...field.options].some((option) => option.value === zone)) field.value = zone;
}
