! reductions: whole-array reductions in kernels (sum, maxval, minval,
! count, any, all, product, dot_product, norm2), with and without masks,
! over region_cpy windows, with results returned through intent(out)
! scalars and used by later statements of the same kernel.
module reductions
  use forocl_regions
  implicit none

contains

  ! Field summaries of a water height on the interior: the total, the
  ! extremes above a threshold, how many cells are wet, whether any is
  ! dry and whether all are positive.
  subroutine field_stats(wet, H, total, hmax, hmin, nwet, anydry, allpos)
  !$OFP PURE, KERNEL :: field_stats
    real, intent(in) :: wet
    real, dimension(:,:), contiguous, intent(in) :: H
    real, intent(out) :: total, hmax, hmin
    integer, intent(out) :: nwet
    logical, intent(out) :: anydry, allpos
    integer, dimension(4) :: inner = [1,1,1,1]

    total  = sum(region_cpy(H, inner))
    hmax   = maxval(H, mask=H > wet)
    hmin   = minval(region_cpy(H, inner), mask=region_cpy(H, inner) > wet)
    nwet   = count(region_cpy(H, inner) > wet)
    anydry = any(H < 0.6)
    allpos = all(H > 0.0)
  end subroutine

  ! Normalise by the mean over the whole grid: the reduction's value is
  ! used by the array statement after it (two launches and a fold).
  subroutine normalize(H, oH, mean)
  !$OFP PURE, KERNEL :: normalize
    real, dimension(:,:), contiguous, intent(in) :: H
    real, dimension(:,:), contiguous, intent(out) :: oH
    real, intent(out) :: mean
    real :: total

    total = sum(H)
    mean = total / 1000.0
    oH = H / mean - 1.0
  end subroutine

  ! Empty masks give Fortran's values for empty arrays.
  subroutine empty_masks(H, s, m, mn, c, a, al)
  !$OFP PURE, KERNEL :: empty_masks
    real, dimension(:,:), contiguous, intent(in) :: H
    real, intent(out) :: s, m, mn
    integer, intent(out) :: c
    logical, intent(out) :: a, al

    s  = sum(H, mask=H < 0.0)
    m  = maxval(H, mask=H < 0.0)
    mn = minval(H, mask=H < 0.0)
    c  = count(H < 0.0)
    a  = any(H < 0.0)
    al = all(H < 0.0)
  end subroutine

  ! real(8) on a 1-D grid: a dot product, a norm and a masked product.
  subroutine vector_stats(x, y, d, nrm, prd)
  !$OFP PURE, KERNEL :: vector_stats
    real(8), dimension(:), contiguous, intent(in) :: x, y
    real(8), intent(out) :: d, nrm, prd

    d   = dot_product(x, y)
    nrm = norm2(region_cpy(x, [1,1]))
    prd = product(x, mask=x > 1.3d0)
  end subroutine

  ! Integers: a sum and a masked maximum, then a shift by the maximum.
  subroutine int_stats(K, oK, ksum, kmax)
  !$OFP PURE, KERNEL :: int_stats
    integer, dimension(:,:), contiguous, intent(in) :: K
    integer, dimension(:,:), contiguous, intent(out) :: oK
    integer, intent(out) :: ksum, kmax

    ksum = sum(K)
    kmax = maxval(K, mask=K < 6)
    oK = K - kmax
  end subroutine

  ! Independent reductions share one launch; a statement that needs a
  ! reduction's value waits for the next launch, but not past a statement
  ! that changes what it reads (c), which splits the kernel there.
  subroutine reorder(H, oH, s, m)
  !$OFP PURE, KERNEL :: reorder
    real, dimension(:,:), contiguous, intent(in) :: H
    real, dimension(:,:), contiguous, intent(out) :: oH
    real, intent(out) :: s, m
    real :: c

    c = 1.5
    s = sum(H) * c
    c = 2.0
    m = maxval(H) * c + minval(H)
    oH = H * s / m
  end subroutine

end module
