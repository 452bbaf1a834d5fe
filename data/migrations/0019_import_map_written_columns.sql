-- What the import wrote to each row it brought, a short hash per column (decision 020): a rerun that finds one
-- changed here since leaves the row as the admin made it. NULL: mapped before this was kept, or an account or a role.
ALTER TABLE `import_map` ADD `written_columns` text;
