!$OFP PURE, KERNEL :: clip_columns
subroutine clip_columns(n, m, h)
  integer :: n, m
  real :: h(n, m)
  integer :: k
  do concurrent (k = 1:m)
    if (maxval(h(:, k)) > 1.0) then  ! ERROR [loop-reduction] "reduction \"maxval\" of an array outside an assignment is not supported"
      h(:, k) = 0.5*h(:, k)
    end if
  end do
end subroutine clip_columns
