CREATE TABLE "escala_troca" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"equipe_id" integer NOT NULL,
	"escala_id" integer NOT NULL,
	"escala_pessoa_id" integer NOT NULL,
	"pedida_por" integer NOT NULL,
	"para_usuario_id" integer,
	"estado" text DEFAULT 'aberta' NOT NULL,
	"tomada_por" integer,
	"tomada_em" timestamp with time zone,
	"nova_escala_pessoa_id" integer,
	"decidida_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipe" ADD COLUMN "flag_troca_aprovacao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_equipe_id_equipe_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_escala_id_escala_id_fk" FOREIGN KEY ("escala_id") REFERENCES "public"."escala"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_escala_pessoa_id_escala_pessoa_id_fk" FOREIGN KEY ("escala_pessoa_id") REFERENCES "public"."escala_pessoa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_pedida_por_usuario_id_fk" FOREIGN KEY ("pedida_por") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_para_usuario_id_usuario_id_fk" FOREIGN KEY ("para_usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_tomada_por_usuario_id_fk" FOREIGN KEY ("tomada_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_nova_escala_pessoa_id_escala_pessoa_id_fk" FOREIGN KEY ("nova_escala_pessoa_id") REFERENCES "public"."escala_pessoa"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escala_troca" ADD CONSTRAINT "escala_troca_decidida_por_usuario_id_fk" FOREIGN KEY ("decidida_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escala_troca_viva_uq" ON "escala_troca" USING btree ("escala_pessoa_id") WHERE "escala_troca"."estado" in ('aberta', 'aguardando');--> statement-breakpoint
CREATE INDEX "escala_troca_equipe_idx" ON "escala_troca" USING btree ("igreja_id","equipe_id","estado");--> statement-breakpoint
CREATE INDEX "escala_troca_escala_idx" ON "escala_troca" USING btree ("escala_id");