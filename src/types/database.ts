// Mirrors supabase/migrations in the shape `supabase gen types typescript` produces.
// tests/schema-types.test.ts fails when a column here and in the database disagree.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type ContractType = 'CLT' | 'PJ' | 'Estágio' | 'Temporário' | 'Freelancer';
export type MediaKitInterest = 'banner-principal' | 'banner-lateral' | 'banner-materia' | 'outros';
export type ProfileRole = 'admin' | 'pending';

export type Database = {
  public: {
    Tables: {
      topics: {
        Row: { id: string; name: string; slug: string; created_at: string };
        Insert: { id?: string; name: string; slug: string; created_at?: string };
        Update: { id?: string; name?: string; slug?: string; created_at?: string };
        Relationships: [];
      };
      topic_slug_redirects: {
        Row: { old_slug: string; topic_id: string; created_at: string };
        Insert: { old_slug: string; topic_id: string; created_at?: string };
        Update: { old_slug?: string; topic_id?: string; created_at?: string };
        Relationships: [
          {
            foreignKeyName: 'topic_slug_redirects_topic_id_fkey';
            columns: ['topic_id'];
            isOneToOne: false;
            referencedRelation: 'topics';
            referencedColumns: ['id'];
          },
        ];
      };
      publications: {
        Row: {
          id: string;
          title: string;
          description: string | null;
          content: string | null;
          image_url: string | null;
          youtube_url: string | null;
          published: boolean;
          published_at: string | null;
          views: number;
          topic_id: string | null;
          author_id: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          title: string;
          description?: string | null;
          content?: string | null;
          image_url?: string | null;
          youtube_url?: string | null;
          published?: boolean;
          published_at?: string | null;
          topic_id?: string | null;
          author_id?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          title?: string;
          description?: string | null;
          content?: string | null;
          image_url?: string | null;
          youtube_url?: string | null;
          published?: boolean;
          published_at?: string | null;
          topic_id?: string | null;
          author_id?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'publications_topic_id_fkey';
            columns: ['topic_id'];
            isOneToOne: false;
            referencedRelation: 'topics';
            referencedColumns: ['id'];
          },
        ];
      };
      obituaries: {
        Row: {
          id: string;
          name: string;
          age: number;
          death_date: string;
          biography: string | null;
          family: string | null;
          funeral_location: string;
          funeral_time: string;
          photo_url: string | null;
          published: boolean;
          created_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          age: number;
          death_date: string;
          biography?: string | null;
          family?: string | null;
          funeral_location: string;
          funeral_time: string;
          photo_url?: string | null;
          published?: boolean;
          created_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          age?: number;
          death_date?: string;
          biography?: string | null;
          family?: string | null;
          funeral_location?: string;
          funeral_time?: string;
          photo_url?: string | null;
          published?: boolean;
          created_at?: string;
        };
        Relationships: [];
      };
      jobs: {
        Row: {
          id: string;
          title: string;
          company: string;
          contract_type: ContractType;
          description: string | null;
          location: string;
          published: boolean;
          expires_at: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          title: string;
          company: string;
          contract_type?: ContractType;
          description?: string | null;
          location: string;
          published?: boolean;
          expires_at?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          title?: string;
          company?: string;
          contract_type?: ContractType;
          description?: string | null;
          location?: string;
          published?: boolean;
          expires_at?: string | null;
          created_at?: string;
        };
        Relationships: [];
      };
      media_kit_requests: {
        Row: {
          id: string;
          name: string;
          company: string;
          email: string;
          phone: string;
          interest: MediaKitInterest;
          message: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          company: string;
          email: string;
          phone: string;
          interest?: MediaKitInterest;
          message?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          company?: string;
          email?: string;
          phone?: string;
          interest?: MediaKitInterest;
          message?: string | null;
          created_at?: string;
        };
        Relationships: [];
      };
      profiles: {
        Row: { id: string; name: string; email: string; role: ProfileRole; created_at: string };
        Insert: { id: string; name?: string; email: string; role?: ProfileRole; created_at?: string };
        Update: { id?: string; name?: string; email?: string; role?: ProfileRole; created_at?: string };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      increment_views: { Args: { publication_id: string }; Returns: undefined };
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean };
      reserved_topic_slugs: { Args: Record<PropertyKey, never>; Returns: string[] };
      set_profile_role: { Args: { target_id: string; new_role: ProfileRole }; Returns: undefined };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicTables = Database['public']['Tables'];
export type TableName = keyof PublicTables;
export type Row<T extends TableName> = PublicTables[T]['Row'];
export type InsertRow<T extends TableName> = PublicTables[T]['Insert'];
export type UpdateRow<T extends TableName> = PublicTables[T]['Update'];
