import { useParams } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EnterpriseAccountDetail } from '@hireline/contract/enterprise';
import { DetailHeader, DetailPage } from '../../components/DetailPage';
import { BackIcon } from '../../components/icons';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { ButtonLink } from '../../components/RouterLink';
import { FieldList, SectionCard } from '../../components/SectionCard';
import { formatDate, formatNumber } from '../../lib/format';
import { AccountEnabledChip, ColorSwatch } from './AccountBits';
import { AccountActions } from './AccountActions';
import { useAccountRecord } from './enterprise-data';

type Site = EnterpriseAccountDetail['sites'][number];

/** One account of the enterprise: its fields, sites, admins and counts; edit, enable or disable it. */
export function EnterpriseAccountDetailPage() {
  const { t, i18n } = useTranslation('enterprise');
  const { id } = useParams({ from: '/enterprise/accounts/$id' });
  const record = useAccountRecord(id);
  const back = (
    <ButtonLink to="/enterprise/accounts" startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );
  const number = (n: number) => formatNumber(n, i18n.language);
  const missing = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  const siteColumns: ListColumn<Site>[] = [
    { id: 'name', header: t('detail.sites.name'), rowHeader: true, cell: (s) => s.name },
    { id: 'slug', header: t('detail.sites.slug'), cell: (s) => <bdi dir="ltr">{s.slug}</bdi> },
    { id: 'domain', header: t('detail.sites.domain'), cell: (s) => (s.domain ? <bdi dir="ltr">{s.domain}</bdi> : missing) },
    { id: 'enabled', header: t('detail.sites.status'), cell: (s) => <AccountEnabledChip enabled={s.enabled} /> },
  ];

  return (
    <DetailPage
      record={record}
      back={back}
      labels={{ notFoundTitle: t('detail.notFound.title'), notFoundBody: t('detail.notFound.body'), loadError: t('detail.loadError') }}
      name={(account) => account.name}
    >
      {(account) => (
        <>
          <DetailHeader
            title={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
                <ColorSwatch color={account.primary_color} size={24} />
                {account.name}
              </Box>
            }
            subtitle={account.title}
          >
            <AccountEnabledChip enabled={account.enabled} size="medium" />
          </DetailHeader>
          <AccountActions account={account} />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={3}>
                <SectionCard title={t('detail.sections.details')}>
                  <FieldList
                    fields={[
                      [t('detail.fields.name'), account.name],
                      [t('detail.fields.title'), account.title],
                      [t('detail.fields.slug'), <bdi key="slug" dir="ltr">{account.slug}</bdi>],
                      [t('detail.fields.domain'), account.domain && <bdi dir="ltr">{account.domain}</bdi>],
                      [
                        t('detail.fields.color'),
                        account.primary_color && (
                          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                            <ColorSwatch color={account.primary_color} />
                            <bdi dir="ltr">{account.primary_color}</bdi>
                          </Box>
                        ),
                      ],
                      [t('detail.fields.created'), formatDate(account.created_at, i18n.language)],
                    ]}
                  />
                </SectionCard>
                <SectionCard title={t('detail.sections.counts')}>
                  <FieldList
                    fields={[
                      [t('detail.counts.sites'), number(account.sites_count)],
                      [t('detail.counts.users'), number(account.users_count)],
                      [t('detail.counts.employers'), number(account.employers_count)],
                      [t('detail.counts.jobs'), number(account.jobs_count)],
                    ]}
                  />
                </SectionCard>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={3}>
                <SectionCard title={t('detail.sections.admins')}>
                  {account.admins.length === 0 ? (
                    <Typography role="status" color="text.secondary">
                      {t('detail.admins.empty')}
                    </Typography>
                  ) : (
                    <List dense disablePadding aria-label={t('detail.sections.admins')}>
                      {account.admins.map((admin) => (
                        <ListItem key={admin.id} disableGutters secondaryAction={admin.invited && <Chip size="small" color="info" variant="outlined" label={t('detail.admins.invited')} />}>
                          <ListItemText primary={admin.name} secondary={<bdi dir="ltr">{admin.email}</bdi>} />
                        </ListItem>
                      ))}
                    </List>
                  )}
                </SectionCard>
                <SectionCard title={t('detail.sections.sites')}>
                  {account.sites.length === 0 ? (
                    <Typography role="status" color="text.secondary">
                      {t('detail.sites.empty')}
                    </Typography>
                  ) : (
                    <ListTable label={t('detail.sections.sites')} minWidth={420} columns={siteColumns} rows={account.sites} />
                  )}
                </SectionCard>
              </Stack>
            </Grid>
          </Grid>
        </>
      )}
    </DetailPage>
  );
}
