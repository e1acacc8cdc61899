ALTER TABLE "convite" ADD COLUMN "numero_membro" text;--> statement-breakpoint
ALTER TABLE "convite" ADD COLUMN "grupos" jsonb DEFAULT '[]'::jsonb NOT NULL;