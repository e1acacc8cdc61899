ALTER TABLE "igreja_hostname" DROP CONSTRAINT "igreja_hostname_hostname_unique";--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "verificado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "metodo" text;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "checado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "falhas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "falhando_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "igreja" ADD COLUMN "host_principal" text;--> statement-breakpoint
-- Names added before proofs existed were served: they stay served, and are re-checked daily like any other (docs/deploy.md "Own domains and HTTPS").
UPDATE "igreja_hostname" SET "verificado_em" = now(), "metodo" = 'anterior';--> statement-breakpoint
CREATE UNIQUE INDEX "igreja_hostname_verificado_uq" ON "igreja_hostname" USING btree ("hostname") WHERE "igreja_hostname"."verificado_em" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "igreja_hostname_igreja_uq" ON "igreja_hostname" USING btree ("igreja_id","hostname");