CREATE TABLE "uso_arquivo" (
	"chave" text PRIMARY KEY NOT NULL,
	"dono" text NOT NULL,
	"dono_id" integer NOT NULL,
	"tamanho" bigint NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "uso_arquivo_dono_idx" ON "uso_arquivo" USING btree ("dono","dono_id");