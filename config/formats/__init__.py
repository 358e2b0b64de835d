"""Django's date and number forms per language (FORMAT_MODULE_PATH), where a page or a form
still uses Django's own: the same day-first forms and Indian grouping that
accounts.profiles.formats takes from CLDR, so that nothing reads the American way. Month names
come from Django's own translations."""
