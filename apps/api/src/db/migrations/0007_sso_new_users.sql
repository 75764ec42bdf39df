ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_channel_check";--> statement-breakpoint
ALTER TABLE "oauth_providers" ADD COLUMN "new_user_role_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_providers" ADD COLUMN "new_user_site_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_providers" ADD CONSTRAINT "oauth_providers_new_user_role_id_roles_id_fk" FOREIGN KEY ("new_user_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_providers" ADD CONSTRAINT "oauth_providers_new_user_site_id_sites_id_fk" FOREIGN KEY ("new_user_site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_channel_check" CHECK ("notification_preferences"."channel" in ('both', 'in_app', 'email', 'none'));