/**
 * The studio's antd theme. Kept free of imports: the build (admin/build/
 * antd_styles.ts) renders antd's components with it to write their styles
 * into a stylesheet, which only matches when the browser uses the same theme.
 */
export const THEME = { token: { colorPrimary: '#3b5bdb', borderRadius: 8 } }
