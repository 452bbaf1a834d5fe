-- Whether the import made the account an old profile maps to (1) or found it here by its e-mail (0), decision 020:
-- only an account the import made takes the old app's roles and follows its e-mail changes. NULL: not a profile,
-- or mapped before this was kept (taken as found here).
ALTER TABLE `import_map` ADD `made_by_import` integer;
