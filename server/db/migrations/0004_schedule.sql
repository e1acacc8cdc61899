CREATE TABLE "culto_agenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"dia_semana" integer NOT NULL,
	"horario" time NOT NULL,
	"titulo" text NOT NULL,
	"local" text,
	"flag_transmissao" boolean DEFAULT false NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "culto_agenda_dia_semana_ck" CHECK ("culto_agenda"."dia_semana" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "culto_agenda" ADD CONSTRAINT "culto_agenda_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "culto_agenda_igreja_idx" ON "culto_agenda" USING btree ("igreja_id","dia_semana","horario");