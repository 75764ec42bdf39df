-- File names are stored without the controls that disguise them (platform/uploads.ts safeName): bidi embeddings,
-- overrides and isolates, direction marks, zero-width characters and the byte-order mark. Names stored before are
-- cleaned the same way, so "cv<U+202E>fdp.exe.txt" no longer shows to staff as "cvtxt.exe.pdf".
UPDATE "files"
SET "original_name" = coalesce(nullif(btrim(regexp_replace("original_name", '[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\ufeff]', '', 'g')), ''), 'file')
WHERE "original_name" ~ '[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\ufeff]';
