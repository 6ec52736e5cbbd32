/** Stylelint for web/css/: the standard config, and no nesting (a rule left unclosed would nest the rest). */
export default {
  extends: ["stylelint-config-standard"],
  rules: {
    "max-nesting-depth": 0,
  },
};
