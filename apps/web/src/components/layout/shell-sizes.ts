/** clinician-portal §2.2 / §9: menu 240 px wide, top bar 76 px high. */
export const menuWidth = 240;
export const topBarHeight = 76;
