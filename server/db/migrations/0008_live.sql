CREATE TABLE "chat_mensagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"canal" text NOT NULL,
	"autor_id" text NOT NULL,
	"usuario_id" integer,
	"autor_nome" text NOT NULL,
	"autor_avatar" text,
	"texto" text NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transmissao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"servico" text NOT NULL,
	"codigo" text,
	"url" text,
	"html" text,
	"inicio" timestamp with time zone NOT NULL,
	"duracao_minutos" integer DEFAULT 120 NOT NULL,
	"flag_semanal" boolean DEFAULT false NOT NULL,
	"flag_ao_vivo" boolean DEFAULT false NOT NULL,
	"culto_agenda_id" integer,
	"canal" text DEFAULT 'culto' NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_mensagem" ADD CONSTRAINT "chat_mensagem_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mensagem" ADD CONSTRAINT "chat_mensagem_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissao" ADD CONSTRAINT "transmissao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissao" ADD CONSTRAINT "transmissao_culto_agenda_id_culto_agenda_id_fk" FOREIGN KEY ("culto_agenda_id") REFERENCES "public"."culto_agenda"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_mensagem_canal_idx" ON "chat_mensagem" USING btree ("igreja_id","canal","id");--> statement-breakpoint
CREATE INDEX "chat_mensagem_autor_idx" ON "chat_mensagem" USING btree ("igreja_id","autor_id");--> statement-breakpoint
CREATE INDEX "transmissao_igreja_idx" ON "transmissao" USING btree ("igreja_id","inicio");