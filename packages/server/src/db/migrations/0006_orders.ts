import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');
const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');

/**
 * Orders and their lines (docs/decisions.md, Orders). Money in grosze (bigint on PostgreSQL, like
 * items.price), VAT in hundredths of a percent, weight in grams, sides in millimetres. The order id
 * is the order number. Lines keep the item link (set null when the item is deleted) and the item's
 * group at the time of the save, for the summaries by group. warehouse_changes.order_id becomes a
 * foreign key on PostgreSQL; SQLite cannot add one to an existing table, so there a trigger does
 * what ON DELETE SET NULL does.
 */
export const m0006Orders: Migration = {
  name: '0006_orders',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    const money = engine === 'postgres' ? 'bigint' : 'integer';

    await c
      .id(db.schema.createTable('orders'))
      .addColumn('org_id', 'integer', org)
      .addColumn('uuid', 'varchar(36)', (col) => col.notNull())
      .addColumn('add_date', c.timestamp, (col) => col.notNull())
      .addColumn('last_mod_date', c.timestamp, (col) => col.notNull())
      .addColumn('order_date', c.timestamp, (col) => col.notNull())
      .addColumn('modified_by', 'varchar(200)')
      .addColumn('external_id', 'varchar(200)')
      .addColumn('stationary', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('order_status_id', 'integer', (col) => col.notNull().references('order_statuses.id'))
      .addColumn('income_source_id', 'integer', (col) => col.notNull().references('income_sources.id'))
      .addColumn('currency', 'varchar(3)', (col) => col.notNull())
      .addColumn('message_to_seller', 'text', text)
      .addColumn('comment', 'text', text)
      .addColumn('invoice_annotations', 'text', text)
      // null = no problem; '' = flagged without a description.
      .addColumn('problem', 'text')
      .addColumn('delivery_cost', money, (col) => col.notNull().defaultTo(0))
      .addColumn('delivery_vat', 'integer', (col) => col.notNull())
      .addColumn('cash_on_delivery', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('shipping_method', 'varchar(20)', (col) => col.notNull())
      .addColumn('bill_of_lading', 'varchar(200)')
      .addColumn('size_a', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('size_b', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('size_c', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('weight_g', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('client_name_surname', 'varchar(200)', text)
      .addColumn('client_company_name', 'varchar(200)', text)
      .addColumn('client_street', 'varchar(200)', text)
      .addColumn('client_build_nr', 'varchar(200)', text)
      .addColumn('client_post_code', 'varchar(200)', text)
      .addColumn('client_city', 'varchar(200)', text)
      .addColumn('client_country_code', 'varchar(2)', text)
      .addColumn('client_pickup_point', 'varchar(200)', text)
      .addColumn('client_email', 'varchar(200)', text)
      .addColumn('client_tel', 'varchar(200)', text)
      .addColumn('has_invoice', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('invoice_is_company', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('invoice_number', 'varchar(100)')
      .addColumn('invoice_name_surname', 'varchar(200)', text)
      .addColumn('invoice_company_name', 'varchar(200)', text)
      .addColumn('invoice_company_tax_id', 'varchar(50)', text)
      .addColumn('invoice_address', 'varchar(200)', text)
      .addColumn('invoice_post_code', 'varchar(200)', text)
      .addColumn('invoice_city', 'varchar(200)', text)
      .addColumn('invoice_country_code', 'varchar(2)', text)
      .addColumn('invoice_mail_sent', 'smallint', (col) => col.notNull().defaultTo(0))
      .execute();
    // The buyer page finds an order by its uuid (random v4, unique everywhere).
    await db.schema.createIndex('orders_uuid_idx').on('orders').columns(['uuid']).unique().execute();
    // The list sorted by date (and by number = id through the primary key), the waybill search.
    await db.schema.createIndex('orders_date_idx').on('orders').columns(['org_id', 'order_date', 'id']).execute();
    await db.schema.createIndex('orders_bol_idx').on('orders').columns(['org_id', 'bill_of_lading']).execute();
    // Status and income-source filters, and their foreign-key checks and usage checks on delete.
    await db.schema.createIndex('orders_status_idx').on('orders').columns(['order_status_id', 'id']).execute();
    await db.schema.createIndex('orders_income_idx').on('orders').columns(['income_source_id', 'id']).execute();

    await c
      .id(db.schema.createTable('order_lines'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
      .addColumn('code', 'varchar(200)', text)
      .addColumn('name', 'varchar(1000)', text)
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('price', money, (col) => col.notNull())
      .addColumn('vat', 'integer', (col) => col.notNull())
      .addColumn('item_group_id', 'integer', (col) => col.references('item_groups.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('order_lines_order_idx').on('order_lines').columns(['order_id', 'position']).execute();
    await db.schema.createIndex('order_lines_item_idx').on('order_lines').columns(['item_id']).execute();
    await db.schema.createIndex('order_lines_group_idx').on('order_lines').columns(['item_group_id']).execute();

    await db.schema.createIndex('warehouse_changes_order_idx').on('warehouse_changes').columns(['order_id']).execute();
    if (engine === 'postgres') {
      // Rows written before this migration may name orders that never existed: clear them first.
      await sql`update warehouse_changes set order_id = null where order_id is not null`.execute(db);
      await sql`alter table warehouse_changes add constraint warehouse_changes_order_fk
        foreign key (order_id) references orders (id) on delete set null`.execute(db);
    } else {
      await sql`create trigger orders_delete_detach_changes after delete on orders begin
          update warehouse_changes set order_id = null where order_id = old.id;
        end`.execute(db);
    }
  },
};
