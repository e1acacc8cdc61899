ALTER TABLE "podcast_episodio" ADD COLUMN "audio_bytes" integer;--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;