CREATE TABLE "arquivo" (
	"chave" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"dados" "bytea" NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
