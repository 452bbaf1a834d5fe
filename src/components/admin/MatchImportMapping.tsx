// The CSV column mapping of the import (issue 14, item 7): one choice per
// field, preset from the header's names, with the file's first rows beside.
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, MATCH_IMPORT_TEXTS as T, type ImportField } from '../../lib/match-import/texts';
import type { ColumnMapping } from '../../lib/match-import/types';
import { wrapStyle } from './contentKit';

type Props = { headers: string[]; sample: string[][]; mapping: ColumnMapping; onChange: (mapping: ColumnMapping) => void };

export default function MatchImportMapping({ headers, sample, mapping, onChange }: Props) {
  const choose = (field: ImportField, value: string) => {
    const next = { ...mapping };
    if (value === '') delete next[field];
    else next[field] = Number(value);
    onChange(next);
  };
  return (
    <fieldset className="match-import-mapping">
      <legend>{T.mappingTitle}</legend>
      <p className="hint">{T.mappingHint}</p>
      <div className="row" style={{ flexWrap: 'wrap' }}>
        {IMPORT_FIELDS.map((field) => (
          <label key={field} className="admin-field">
            <span>{IMPORT_FIELD_LABELS[field]}</span>
            <select value={mapping[field] ?? ''} onChange={(e) => choose(field, e.target.value)}>
              <option value="">{T.notMapped}</option>
              {headers.map((header, index) => (
                <option key={index} value={index}>
                  {header || `Spalte ${index + 1}`}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table match-import-preview" aria-label={T.preview}>
          <thead>
            <tr>
              {headers.map((header, index) => (
                <th key={index} scope="col" style={wrapStyle}>
                  {header || `Spalte ${index + 1}`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.map((row, r) => (
              <tr key={r}>
                {headers.map((_, c) => (
                  <td key={c} style={wrapStyle}>
                    {row[c] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
