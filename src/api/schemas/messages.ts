// zod/mini registers no locale, so an issue would read only "Invalid input". The console shows the first issue of an
// answer it cannot read (client.ts); English messages keep that text as classic zod wrote it ("Invalid input:
// expected string, received number").
import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

config(en())
