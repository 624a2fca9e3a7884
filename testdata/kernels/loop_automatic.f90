! Automatic arrays: local arrays sized by dummies, shared by the
! work-items as device scratch buffers.

! A tiled matrix product through an automatic tile of b, filled by one
! nest and read by the next, in a host loop over the tiles.
!$OFP PURE, KERNEL :: tiled_auto
subroutine tiled_auto(n, nb, a, b, c)
  implicit none
  integer, intent(in) :: n, nb
  real(8), intent(in) :: a(n, n), b(n, n)
  real(8), intent(inout) :: c(n, n)
  real(8) :: tb(nb, nb)
  integer :: i, j, k, jt, kt, jj, kk
  do jt = 1, n, nb
    do kt = 1, n, nb
      do concurrent (jj = 1:nb, kk = 1:nb)
        tb(kk, jj) = 0
        if (kt+kk-1 <= n .and. jt+jj-1 <= n) tb(kk, jj) = b(kt+kk-1, jt+jj-1)
      end do
      do concurrent (jj = 1:nb, i = 1:n)
        j = jt + jj - 1
        if (j <= n) then
          do k = kt, min(n, kt+nb-1)
            c(i, j) = c(i, j) + a(i, k)*tb(k-kt+1, jj)
          end do
        end if
      end do
    end do
  end do
end subroutine tiled_auto

! A padded copy with lower bound 0, array assignments to automatic
! arrays at the top level, and a recurrence through one (which runs in
! order).
!$OFP PURE, KERNEL :: padded_smooth
subroutine padded_smooth(n, m, a, b, s)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real, intent(out) :: s
  real :: work(0:n+1), w2(m)
  integer :: i
  work(1:n) = a
  work(0) = a(n)
  work(n+1) = a(1)
  do i = 1, n
    b(i) = work(i-1) + work(i) + work(i+1)
  end do
  w2 = 2.0
  do i = 2, m  ! WARNING [loop-serial]
    w2(i) = w2(i-1) + w2(i)
  end do
  s = sum(work(0:1)) + sum(w2)
end subroutine padded_smooth
