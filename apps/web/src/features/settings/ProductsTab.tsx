import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { listProducts } from '@hireline/contract/lookups';
import { deleteSiteProduct, listSiteProducts, type SiteProduct } from '@hireline/contract/site-products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { formatNumber } from '../../lib/format';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';
import { ProductDialog } from './ProductDialog';
import { formatMoney } from './settings-form';

type Editing = { mode: 'create' } | { mode: 'edit'; product: SiteProduct };

/** What a job is posted as: every product, disabled ones included, with how many jobs use it; added, edited, deleted. */
export function ProductsTab({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const lng = i18n.language;
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const query = useApiQuery(listSiteProducts, {});
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<{ product: SiteProduct; open: boolean } | null>(null);
  const remove = useApiMutation(deleteSiteProduct);

  const refresh = () => {
    void invalidateEndpoint(queryClient, listSiteProducts);
    void invalidateEndpoint(queryClient, listProducts);
  };
  const open = (next: Editing) => {
    setEditing(next);
    setDialogOpen(true);
  };
  const confirmDelete = (product: SiteProduct) =>
    remove.mutate(
      { params: { id: product.id } },
      {
        onSuccess: () => {
          setDeleting((d) => d && { ...d, open: false });
          notify.success(t('products.deleted', { name: product.name }));
          refresh();
        },
        onError: (error) => {
          setDeleting((d) => d && { ...d, open: false });
          notify.error(translateError(error));
          refresh();
        },
      },
    );

  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const columns: ListColumn<SiteProduct>[] = [
    {
      id: 'name',
      header: t('products.columns.name'),
      rowHeader: true,
      cell: (p) => (
        <>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {p.name}
          </Box>
          {p.description && (
            <Typography variant="body2" color="text.secondary">
              {p.description}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'duration',
      header: t('products.columns.duration'),
      cell: (p) => t('products.days', { count: p.duration_days, n: formatNumber(p.duration_days, lng) }),
    },
    { id: 'featured', header: t('products.columns.featured'), cell: (p) => yesNo(p.featured) },
    {
      id: 'price',
      header: t('products.columns.price'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => formatMoney(p.price_cents, p.currency, lng),
    },
    {
      id: 'enabled',
      header: t('products.columns.enabled'),
      cell: (p) => (
        <Chip size="small" variant="outlined" color={p.enabled ? 'success' : 'default'} label={p.enabled ? t('enabled') : t('disabled')} />
      ),
    },
    { id: 'jobs', header: t('products.columns.jobs'), align: 'right', cell: (p) => formatNumber(p.jobs_count, lng) },
  ];
  if (!readOnly)
    columns.push({
      id: 'actions',
      header: t('products.columns.actions'),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => (
        <>
          <Tooltip title={t('products.edit', { name: p.name })}>
            <IconButton aria-label={t('products.edit', { name: p.name })} onClick={() => open({ mode: 'edit', product: p })}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('products.delete', { name: p.name })}>
            <IconButton aria-label={t('products.delete', { name: p.name })} onClick={() => setDeleting({ product: p, open: true })}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </>
      ),
    });

  if (query.isError && !query.data)
    return <ErrorState title={t('products.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data;
  return (
    <Box component="section" aria-labelledby="products-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography id="products-heading" variant="h6" component="h2">
            {t('products.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('products.hint')}
          </Typography>
        </Box>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => open({ mode: 'create' })}>
            {t('products.add')}
          </Button>
        )}
      </Box>
      <Card variant="outlined">
        {rows?.length === 0 ? (
          <ListEmpty compact title={t('products.empty')} hint={readOnly ? t('products.emptyHintReadOnly') : t('products.emptyHint')} />
        ) : (
          <ListTable label={t('products.heading')} minWidth={820} columns={columns} rows={rows} placeholders={3} />
        )}
      </Card>
      <ProductDialog
        open={dialogOpen}
        product={editing?.mode === 'edit' ? editing.product : null}
        onClose={() => setDialogOpen(false)}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={Boolean(deleting?.open)}
        title={t('products.deleteTitle', { name: deleting?.product.name ?? '' })}
        body={t('products.deleteBody', { count: deleting?.product.jobs_count ?? 0, n: formatNumber(deleting?.product.jobs_count ?? 0, lng) })}
        confirmLabel={t('products.deleteConfirm')}
        color="error"
        pending={remove.isPending}
        onCancel={() => setDeleting((d) => d && { ...d, open: false })}
        onConfirm={() => deleting && confirmDelete(deleting.product)}
      />
    </Box>
  );
}
